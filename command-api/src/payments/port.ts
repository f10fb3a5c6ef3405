/**
 * The payment provider port moved to platform (platform/src/payments: the workers' sweeps refund
 * and cancel at the provider too). Kept here only so the route files' imports stay as they are
 * while route files are being reworked elsewhere; new code imports '@dealer/platform/payments/port'.
 */
export * from '@dealer/platform/payments/port';
