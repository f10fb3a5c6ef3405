// The form-draft routes for route-level tests (decision 0082): an in-memory model of what the command API does for
// one signed-in user (create or load per form and object, autosave, mark, delete), and the requests it received,
// so a test can leave a draft behind as a crash would and see what the form sent.
import { http, HttpResponse } from 'msw';
import { draftExpiresAt, type FormDraftFormId, type FormDraftOpening, type FormDraftValues, type FormDraftView } from '@dealer/contracts';
import { ok } from './answers';

interface StoredDraft {
  view: FormDraftView;
}

export interface DraftRequest {
  method: string;
  objectCacheId: string | null;
  body: unknown;
}

export function formDraftServer() {
  const drafts = new Map<string, StoredDraft>();
  const requests: DraftRequest[] = [];
  let next = 1;
  const keyOf = (formId: string, objectId: string | null, parentKey: string | null) => JSON.stringify([formId, objectId ?? '', parentKey ?? '']);
  const byKey = (key: string) => [...drafts.values()].find((d) => keyOf(d.view.objectCacheToken.formId, d.view.objectCacheToken.objectCacheModelId, d.view.objectCacheToken.parentKey) === key);
  const make = (o: FormDraftOpening): StoredDraft => {
    const id = `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;
    const view: FormDraftView = {
      objectCacheToken: { objectCacheId: id, objectCacheModelId: o.objectCacheModelId, parentCacheModelId: o.parentCacheModelId, parentKey: o.parentKey, formId: o.formId, isObjectNew: o.isObjectNew, isSubmitting: false },
      values: null,
      savedAt: null,
      expiresAt: draftExpiresAt(new Date()).toISOString(),
      existed: false,
    };
    const stored = { view };
    drafts.set(id, stored);
    return stored;
  };
  const notFound = () => HttpResponse.json({ title: 'not_found', status: 404, errors: ['This draft was not found. It may have expired or been discarded.'] }, { status: 404 });

  const handlers = [
    http.post('/api/form-drafts', async ({ request }) => {
      const body = (await request.json()) as { objectCacheToken: FormDraftOpening };
      requests.push({ method: 'POST', objectCacheId: null, body });
      const t = body.objectCacheToken;
      const found = byKey(keyOf(t.formId, t.objectCacheModelId, t.parentKey));
      if (found) return ok({ ...found.view, existed: true });
      return ok(make(t).view);
    }),
    http.put('/api/form-drafts/:id', async ({ request, params }) => {
      const body = (await request.json()) as { formId: FormDraftFormId; values: FormDraftValues };
      const id = String(params.id);
      requests.push({ method: 'PUT', objectCacheId: id, body });
      const found = drafts.get(id);
      if (!found) return notFound();
      found.view = { ...found.view, values: body.values, savedAt: new Date().toISOString(), objectCacheToken: { ...found.view.objectCacheToken, isSubmitting: false } };
      return ok(found.view);
    }),
    http.patch('/api/form-drafts/:id', async ({ request, params }) => {
      const body = (await request.json()) as { isSubmitting: boolean };
      const id = String(params.id);
      requests.push({ method: 'PATCH', objectCacheId: id, body });
      const found = drafts.get(id);
      if (!found) return notFound();
      found.view = { ...found.view, objectCacheToken: { ...found.view.objectCacheToken, isSubmitting: body.isSubmitting } };
      return ok(found.view);
    }),
    http.delete('/api/form-drafts/:id', ({ params }) => {
      const id = String(params.id);
      requests.push({ method: 'DELETE', objectCacheId: id, body: null });
      return drafts.delete(id) ? ok({ objectCacheId: id, deleted: true }) : notFound();
    }),
  ];

  return {
    handlers,
    requests,
    /** The drafts the server holds now. */
    drafts: () => [...drafts.values()].map((d) => d.view),
    /** A draft an earlier session left behind (a crash): saved `minutesAgo` ago with these values. */
    leave(opening: FormDraftOpening, values: FormDraftValues, minutesAgo: number): string {
      const stored = make(opening);
      stored.view = { ...stored.view, values, savedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() };
      return stored.view.objectCacheToken.objectCacheId;
    },
    reset() {
      drafts.clear();
      requests.splice(0);
    },
  };
}
