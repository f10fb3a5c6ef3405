// Query-key factory of the system-health feature (admins: parked projection events, failed message jobs).
export const systemHealthKeys = {
  all: ['system-health'] as const,
  parkedEvents: () => [...systemHealthKeys.all, 'parked-events'] as const,
  failedJobs: () => [...systemHealthKeys.all, 'failed-jobs'] as const,
};

/** Poll every 2 s while any item's retry is requested and not yet picked up; otherwise not at all. */
export const retryPollInterval = (rows: readonly { retryRequestedAt: string | null }[] | undefined): number | false =>
  rows?.some((row) => row.retryRequestedAt !== null) ? 2000 : false;
