// GET /api/training: every training video with the signed-in employee's own progress.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, TrainingProgressView } from '@dealer/contracts';
import { api } from '../../../lib/api-client';
import { trainingKeys } from './training-keys';

export async function getTraining(signal?: AbortSignal): Promise<TrainingProgressView[]> {
  const response = await api.get<ApiEnvelope<TrainingProgressView[] | null>>('/api/training', { signal });
  return response.dataSet ?? [];
}

export const getTrainingQueryOptions = () => queryOptions({ queryKey: trainingKeys.own(), queryFn: ({ signal }) => getTraining(signal) });

export const useTraining = () => useQuery(getTrainingQueryOptions());
