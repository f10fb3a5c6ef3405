// The API's answers as handlers give them: SPEC 3's envelope {dataSet, metaData}, and problem+json refusals.
import { HttpResponse } from 'msw';
import type { ApiEnvelope, ApiMetaData, ApiProblem } from '@dealer/contracts';

/** 200 with the envelope around `dataSet`. */
export const ok = <T>(dataSet: T, metaData?: ApiMetaData) => HttpResponse.json<ApiEnvelope<T>>(metaData ? { dataSet, metaData } : { dataSet });

/** 201 of a command, with the event-store position it wrote (the app reads its next pages at or after it). */
export const created = <T>(dataSet: T, position = '1') => HttpResponse.json<ApiEnvelope<T>>({ dataSet, metaData: { position } }, { status: 201 });

/** A refusal in the problem+json shape the services answer (SPEC 8: `errors` holds the messages shown). */
export const problem = (status: number, errors: string[], title = 'Request refused') =>
  HttpResponse.json<ApiProblem>({ title, status, errors }, { status, headers: { 'content-type': 'application/problem+json' } });
