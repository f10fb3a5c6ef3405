// The API's answers as handlers give them: SPEC 3's envelope {dataSet, metaData}.
import { HttpResponse } from 'msw';
import type { ApiEnvelope, ApiMetaData } from '@dealer/contracts';

/** 200 with the envelope around `dataSet`. */
export const ok = <T>(dataSet: T, metaData?: ApiMetaData) => HttpResponse.json<ApiEnvelope<T>>(metaData ? { dataSet, metaData } : { dataSet });

/** 201 of a command, with the event-store position it wrote (the app reads its next pages at or after it). */
export const created = <T>(dataSet: T, position = '1') => HttpResponse.json<ApiEnvelope<T>>({ dataSet, metaData: { position } }, { status: 201 });
