/** Reading the served OpenAPI document in tests: its operations as the router's 'METHOD /url' keys. */
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
  'x-access'?: { rule: string; roles: string[] | string };
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** The router's URL (`/api/x/:id`) as an OpenAPI path (`/api/x/{id}`). */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** An OpenAPI path as the router's URL. */
export const routerUrl = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/** Every operation of the document, keyed as the router keys its routes ('POST /api/x/:id'). */
export function apiOperations(doc: OpenApiDocument): { route: string; method: string; url: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${routerUrl(path)}`, method: method.toUpperCase(), url: routerUrl(path), operation })),
  );
}

/** The JSON body schema of an operation, or undefined. */
export const bodySchemaOf = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;
