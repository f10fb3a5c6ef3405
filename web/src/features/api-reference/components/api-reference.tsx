// The API reference (issue 24 part 4, ADR 0084): the server's OpenAPI document rendered as a page,
// routes grouped by tag with their parameters, bodies, answers and who may call them. No script of
// its own beyond the app's (the CSP allows no inline script); the document is the server's.
import { useId, useMemo, useState } from 'react';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import {
  groupByTag,
  matchesFilter,
  useOpenApiDocument,
  type ApiOperation,
  type ApiParameter,
  type JsonSchema,
  type OpenApiDocument,
  type ReferenceEntry,
} from '../api/get-openapi-document';
import './api-reference.css';

const ROLE_NAMES: Record<string, string> = {
  admin: 'admins',
  manager: 'managers',
  controller: 'controllers',
  employee: 'service advisors',
  customer: 'customers (their own records)',
};

/** Text with `code` spans, as the descriptions write them. */
function Prose({ text }: { text: string }) {
  const parts = text.split('`');
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf)!.map(typeOf).join(' | ');
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  return types.map((t) => (t === 'array' ? `array of ${typeOf(schema.items)}` : t)).join(' | ');
}

function limitsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const limits: string[] = [];
  const characters = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'character' : 'characters'}`;
  if (schema.minLength !== undefined) limits.push(`at least ${characters(schema.minLength)}`);
  if (schema.maxLength !== undefined) limits.push(`at most ${characters(schema.maxLength)}`);
  if (schema.minimum !== undefined) limits.push(`from ${schema.minimum.toLocaleString('en-US')}`);
  if (schema.maximum !== undefined) limits.push(`to ${schema.maximum.toLocaleString('en-US')}`);
  if (schema.minItems !== undefined) limits.push(`at least ${schema.minItems} ${schema.minItems === 1 ? 'item' : 'items'}`);
  if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems} items`);
  if (schema.format) limits.push(schema.format);
  if (schema.pattern) limits.push(`pattern ${schema.pattern}`);
  return limits;
}

/** The fields of an object schema (nested objects and arrays of objects indented), or its type. */
function SchemaView({ schema, depth = 0 }: { schema: JsonSchema | undefined; depth?: number }) {
  const target = schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array')) ? schema?.items : schema;
  const properties = target?.properties;
  if (!properties || Object.keys(properties).length === 0 || depth > 5) {
    const open = target?.additionalProperties && typeof target.additionalProperties === 'object' ? `, values ${typeOf(target.additionalProperties)}` : '';
    return (
      <p className="api-ref-type">
        <code>{typeOf(schema)}</code>
        {open}
      </p>
    );
  }
  return (
    <ul className="api-ref-fields">
      {Object.entries(properties).map(([name, field]) => (
        <li key={name}>
          <code className="api-ref-field-name">{name}</code> <span className="api-ref-field-type">{typeOf(field)}</span>
          {target?.required?.includes(name) && <span className="api-ref-required"> required</span>}
          {limitsOf(field).length > 0 && <span className="muted">, {limitsOf(field).join(', ')}</span>}
          {field.description && (
            <span className="muted">
              {' '}
              &ndash; <Prose text={field.description} />
            </span>
          )}
          {(field.properties || field.items?.properties) && <SchemaView schema={field} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function Parameters({ title, parameters }: { title: string; parameters: ApiParameter[] }) {
  if (parameters.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ul className="api-ref-fields">
        {parameters.map((p) => (
          <li key={`${p.in}-${p.name}`}>
            <code className="api-ref-field-name">{p.name}</code> <span className="api-ref-field-type">{typeOf(p.schema)}</span>
            {p.required && <span className="api-ref-required"> required</span>}
            {limitsOf(p.schema).length > 0 && <span className="muted">, {limitsOf(p.schema).join(', ')}</span>}
            {(p.description ?? p.schema?.description) && (
              <span className="muted">
                {' '}
                &ndash; <Prose text={(p.description ?? p.schema?.description)!} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function whoMay(operation: ApiOperation): string {
  const roles = operation['x-access']?.roles;
  if (roles === 'everyone') return 'Everyone, signed in or not.';
  if (roles === 'signed-in') return 'Anyone signed in.';
  if (typeof roles === 'string') return roles;
  if (!roles || roles.length === 0) return 'Nobody.';
  const names = roles.map((r) => ROLE_NAMES[r] ?? r);
  return `${names.join(', ').replace(/^./, (c) => c.toUpperCase())}.`;
}

function whatItCarries(doc: OpenApiDocument, operation: ApiOperation): string {
  const requirement = operation.security?.[0] ?? {};
  const schemes = doc.components?.securitySchemes ?? {};
  const parts = Object.keys(requirement).map((name) => {
    const scheme = schemes[name];
    if (scheme?.type === 'http' && scheme.scheme === 'bearer') return 'the Bearer access token';
    if (scheme?.in === 'header') return `the ${scheme.name} header`;
    if (scheme?.in === 'cookie') return `the ${scheme.name} cookie`;
    return name;
  });
  if (parts.length === 0) return operation['x-access']?.roles === 'everyone' && (operation.security?.length ?? 0) > 0 ? 'Nothing: the request is proven otherwise (see above).' : 'Nothing.';
  return `${parts.join(', ').replace(/^./, (c) => c.toUpperCase())}.`;
}

function Operation({ doc, entry }: { doc: OpenApiDocument; entry: ReferenceEntry }) {
  const { operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {});
  return (
    <details className="api-ref-operation" id={operation.operationId}>
      <summary>
        <span className={`api-ref-method api-ref-method-${entry.method.toLowerCase()}`}>{entry.method}</span>
        <code className="api-ref-path">{entry.path}</code>
        <span className="api-ref-summary">{operation.summary}</span>
      </summary>
      <div className="api-ref-body">
        {operation.description && (
          <p>
            <Prose text={operation.description} />
          </p>
        )}
        <dl className="api-ref-facts">
          <dt>Who may call it</dt>
          <dd>{whoMay(operation)}</dd>
          <dt>What a call carries</dt>
          <dd>{whatItCarries(doc, operation)}</dd>
        </dl>
        <Parameters title="Path parameters" parameters={parameters.filter((p) => p.in === 'path')} />
        <Parameters title="Query parameters" parameters={parameters.filter((p) => p.in === 'query')} />
        <Parameters title="Headers" parameters={parameters.filter((p) => p.in === 'header')} />
        {body && (
          <>
            <h4>Body (JSON)</h4>
            <SchemaView schema={body} />
          </>
        )}
        <h4>Answers</h4>
        <ul className="api-ref-answers">
          {responses.map(([code, answer]) => {
            const [type, media] = Object.entries(answer.content ?? {})[0] ?? [];
            return (
              <li key={code}>
                <strong>{code}</strong> <Prose text={answer.description ?? ''} />
                {type && !/^[45]/.test(code) && <span className="muted"> ({type})</span>}
                {media?.schema && !/^[45]/.test(code) && <SchemaView schema={media.schema} />}
              </li>
            );
          })}
        </ul>
      </div>
    </details>
  );
}

/** Saves the document as a file (a Blob: the request carried the caller's token, a plain link would not). */
function downloadDocument(doc: OpenApiDocument) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'openapi.json';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ApiReference() {
  const { data: doc, error, isPending } = useOpenApiDocument();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const groups = useMemo(() => (doc ? groupByTag(doc) : []), [doc]);
  if (isPending) return <Spinner label="Loading the API reference..." />;
  if (error || !doc) return <ErrorMessages error={error} />;
  const shown = groups.map((g) => ({ ...g, entries: g.entries.filter((e) => matchesFilter(e, filter)) })).filter((g) => g.entries.length > 0);
  const count = shown.reduce((n, g) => n + g.entries.length, 0);
  return (
    <div className="api-ref">
      <section className="panel api-ref-intro" aria-labelledby={`${filterId}-about`}>
        <h2 id={`${filterId}-about`}>
          {doc.info.title} {doc.info.version}
        </h2>
        {doc.info.description && (
          <p>
            <Prose text={doc.info.description} />
          </p>
        )}
        <div className="api-ref-tools">
          <button type="button" className="btn btn-primary" onClick={() => downloadDocument(doc)}>
            Download OpenAPI {doc.openapi} document
          </button>
          <div className="field api-ref-filter">
            <label className="field-label" htmlFor={filterId}>
              Filter routes
            </label>
            <input id={filterId} className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Path, summary or group" />
          </div>
        </div>
        <p className="muted" role="status">
          {count} {count === 1 ? 'route' : 'routes'} in {shown.length} {shown.length === 1 ? 'group' : 'groups'}
        </p>
      </section>
      <nav className="api-ref-toc" aria-label="API groups">
        <ul>
          {shown.map((g) => (
            <li key={g.name}>
              <a href={`#group-${slug(g.name)}`}>
                {g.name} ({g.entries.length})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shown.map((g) => (
        <section key={g.name} className="api-ref-group" id={`group-${slug(g.name)}`} aria-labelledby={`group-${slug(g.name)}-title`}>
          <h2 id={`group-${slug(g.name)}-title`}>{g.name}</h2>
          {g.description && <p className="muted">{g.description}</p>}
          {g.entries.map((entry) => (
            <Operation key={`${entry.method} ${entry.path}`} doc={doc} entry={entry} />
          ))}
        </section>
      ))}
      {count === 0 && <p className="empty-state">No route matches the filter.</p>}
    </div>
  );
}

