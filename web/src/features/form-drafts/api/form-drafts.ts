// The form-draft commands (SPEC 4 form cache; decision 0082): open (create or load), autosave, mark submitting,
// delete. The server keeps each user's drafts to that user.
import type { ApiEnvelope, FormDraftFormId, FormDraftOpening, FormDraftValues, FormDraftView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';

const draftPath = (objectCacheId: string) => `/api/form-drafts/${encodeURIComponent(objectCacheId)}`;

export async function openFormDraft(opening: FormDraftOpening): Promise<FormDraftView> {
  const { formId, objectCacheModelId, parentCacheModelId, parentKey, isObjectNew } = opening;
  const answer = await api.post<ApiEnvelope<FormDraftView>>('/api/form-drafts', { objectCacheToken: { formId, objectCacheModelId, parentCacheModelId, parentKey, isObjectNew } });
  return answer.dataSet;
}

export async function saveFormDraft(objectCacheId: string, formId: FormDraftFormId, values: FormDraftValues): Promise<FormDraftView> {
  return (await api.put<ApiEnvelope<FormDraftView>>(draftPath(objectCacheId), { formId, values })).dataSet;
}

export async function markFormDraft(objectCacheId: string, isSubmitting: boolean): Promise<void> {
  await api.patch(draftPath(objectCacheId), { isSubmitting });
}

export async function deleteFormDraft(objectCacheId: string): Promise<void> {
  await api.delete(draftPath(objectCacheId));
}
