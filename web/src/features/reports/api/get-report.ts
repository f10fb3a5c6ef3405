// GET /api/reports/<name>: one report's answer (its tables, charts and notes) for a period, locations, options
// and drill-down. The previous answer stays on screen while the next one loads, so the page does not jump.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportAnswer } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { reportQueryParams, type ReportRequest } from '../components/report-params';

export const reportPath = (name: ReportRequest['name']) => `/api/reports/${encodeURIComponent(name)}`;

export function getReport(request: ReportRequest, signal?: AbortSignal): Promise<ReportAnswer> {
  return api.get<ReportAnswer>(reportPath(request.name), { params: reportQueryParams(request), signal });
}

export const getReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: ['reports', request.name, reportQueryParams(request)] as const,
    queryFn: ({ signal }) => getReport(request, signal),
  });

/** null: nothing to ask yet (the locations are loading, or the filters are not valid). */
export function useReport(request: ReportRequest | null) {
  return useQuery({
    ...getReportQueryOptions(request ?? { name: 'coupon-sales', from: '', to: '', locationIds: [], options: {}, drill: {} }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
