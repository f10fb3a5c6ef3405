// @vitest-environment jsdom
// Route-level test of the API reference (/employee/api-reference, issue 24): the server's OpenAPI document
// rendered by group in the server's order, a route's parameters, body, answers and who may call it, and the filter.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../features/api-reference/api/get-openapi-document';
import { startAppServer } from '../../../testing/app-server';
import { employee } from '../../../testing/identities';
import { renderApp } from '../../../testing/render-app';

const problem = { type: 'object', properties: { errors: { type: 'array', items: { type: 'string' } } } };
const DOC: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Dealer Coupons API', version: '1.0.0', description: 'Sign in with `POST /auth-api/login`.' },
  tags: [
    { name: 'Pack sales', description: 'Selling packs.' },
    { name: 'Reports', description: 'The reports.' },
  ],
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, antiForgeryHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' } } },
  paths: {
    '/api/pack-sales': {
      post: {
        operationId: 'postPackSales',
        tags: ['Pack sales'],
        summary: 'Sell a pack',
        description: 'Sells a pack (`customerId`).',
        parameters: [{ name: 'idempotency-key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } }],
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['packId'], properties: { packId: { type: ['string', 'null'], maxLength: 200 } } } } } },
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: { type: 'object', properties: { dataSet: { type: 'object', properties: { saleId: { type: 'string' } } } } } } } },
          '4XX': { description: 'Refused.', content: { 'application/problem+json': { schema: problem } } },
        },
        security: [{ bearerAuth: [], antiForgeryHeader: [] }],
        'x-access': { rule: 'pack-sales', roles: ['employee', 'manager'] },
      },
    },
    '/api/pack-sales/{id}/void': {
      post: {
        operationId: 'postPackSalesByIdVoid',
        tags: ['Pack sales'],
        summary: 'Void a sale',
        description: 'Managers void a sale.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'OK' } },
        security: [{ bearerAuth: [], antiForgeryHeader: [] }],
        'x-access': { rule: 'pack-sale-voids', roles: ['manager'] },
      },
    },
    '/api/reports/{report}': {
      get: {
        operationId: 'getReportsByReport',
        tags: ['Reports'],
        summary: 'Run a report',
        description: 'One of the reports.',
        parameters: [
          { name: 'report', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'from', in: 'query', required: true, schema: { type: 'string', maxLength: 10 } },
        ],
        responses: { '200': { description: 'OK' } },
        security: [{ bearerAuth: [] }],
        'x-access': { rule: 'reports', roles: ['controller'] },
      },
    },
  },
};

startAppServer(http.get('/api/openapi.json', () => HttpResponse.json(DOC)));

describe('/employee/api-reference', () => {
  it("should show the routes by group and a route's parameters, body, answers and who may call it", async () => {
    const { user } = renderApp('/employee/api-reference', { as: employee() });
    // The first render of the file compiles the page's modules: more than the usual 5 s on a busy machine.
    await screen.findByRole('heading', { name: 'Dealer Coupons API 1.0.0' }, { timeout: 20_000 });
    expect(screen.getByRole('status')).toHaveTextContent('3 routes in 2 groups');
    const sales = screen.getByRole('region', { name: 'Pack sales' });
    const summaries = within(sales).getAllByText(/^\/api\//).map((el) => el.textContent);
    expect(summaries).toEqual(['/api/pack-sales', '/api/pack-sales/{id}/void']);
    await user.click(within(sales).getByText('Sell a pack'));
    const sell = within(sales).getByText('Sell a pack').closest('details')!;
    expect(within(sell).getByText('Service advisors, managers.')).toBeVisible();
    expect(within(sell).getByText('The Bearer access token, the X-XSRF-TOKEN header.')).toBeVisible();
    expect(within(sell).getByText('packId')).toBeVisible();
    expect(within(sell).getByText('saleId')).toBeVisible();
    expect(within(sell).getByText('customerId').tagName).toBe('CODE');
    expect(within(sell).getByRole('heading', { name: 'Body (JSON)' })).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Filter routes' }), 'report');
    expect(screen.getByRole('status')).toHaveTextContent('1 route in 1 group');
    expect(screen.queryByRole('region', { name: 'Pack sales' })).toBeNull();
    const reports = screen.getByRole('region', { name: 'Reports' });
    await user.click(within(reports).getByText('Run a report'));
    expect(within(reports).getByRole('heading', { name: 'Query parameters' })).toBeVisible();
    expect(within(reports).getByText('Controllers.')).toBeVisible();
  });
});

describe('/api-reference', () => {
  it('should show a signed-out visitor the reference when the server lets them read the document (demo mode)', async () => {
    renderApp('/api-reference', { as: null });
    await screen.findByRole('heading', { name: 'Dealer Coupons API 1.0.0' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 routes in 2 groups');
    // Outside the staff area: no staff menu.
    expect(screen.queryByRole('navigation', { name: 'Staff' })).toBeNull();
  });
});
