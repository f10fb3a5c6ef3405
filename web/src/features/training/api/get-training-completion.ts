// GET /api/training/completion (managers and admins): completion by employee at the locations they manage.
import { useQuery } from '@tanstack/react-query';
import type { TrainingCompletionRow } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { trainingKeys } from './training-keys';

export async function getTrainingCompletion(signal?: AbortSignal): Promise<TrainingCompletionRow[]> {
  const response = await api.get<{ dataSet: TrainingCompletionRow[] | null }>('/api/training/completion', { signal });
  return response.dataSet ?? [];
}

/** Idle for callers who may not read it. */
export const useTrainingCompletion = (enabled: boolean) =>
  useQuery({ queryKey: trainingKeys.completion(), queryFn: ({ signal }) => getTrainingCompletion(signal), enabled });
