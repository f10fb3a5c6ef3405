// Query-key factory of the system-health feature (admins: parked projection events, failed message jobs).
export const systemHealthKeys = {
  all: ['system-health'] as const,
  parkedEvents: () => [...systemHealthKeys.all, 'parked-events'] as const,
  failedJobs: () => [...systemHealthKeys.all, 'failed-jobs'] as const,
};
