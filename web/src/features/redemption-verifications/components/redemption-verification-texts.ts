// Texts of the employee's redemption-verification screens that SPEC does not word (SPEC 8's own texts live in
// contracts: REDEMPTION_TEXTS, REDEMPTION_MESSAGES, REDEMPTION_FINAL_REASONS). Recorded in docs/decisions/0022 and 0025.
import { formatDateTime as formatDateAndTime, type RedemptionVerificationStatus, type RedemptionVerificationType } from '@dealer/contracts';

export const RV_TEXTS = {
  panelTitle: 'Redemption verification',
  panelIntro: (name: string) => `Ask ${name} to approve the services on a repair order by email or text.`,
  channelLegend: 'Send verification by',
  start: 'Start verification',
  enterRoType: 'Verification',
  pendingApprovals: 'Pending Approvals',
  resend: 'Resend',
  countdown: (seconds: number) => `You can send again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
  pollFailed: 'Could not refresh the status; showing the last known one.',
  recentTitle: 'Recent verifications',
  noneYet: 'No verifications for this customer yet.',
  show: 'Show',
  close: 'Close',
  approve: 'Approve',
  unknownError: 'Unknown error.',
  cancel: 'Cancel',
  send: 'Send verification',
  startTitle: 'Start Verification',
  startAt: (ro: string, location: string) => `RO# ${ro} at ${location}`,
  startIntro: (name: string, where: string) => `Ask ${name} to approve the services on ${where}.`,
  noContact: { email: '(no email address)', text: '(no mobile phone)' } as Record<RedemptionVerificationType, string>,
  preApprovalLegend: 'Already agreed in person (pre-approve)',
  preApprovalHint:
    'Tick only the services the customer has approved with you in person. They are recorded as pre-approved and the customer is not asked about them; every other service that needs verification is sent to the customer.',
  preApproveToggle: 'The customer agreed to some services in person',
  opCodesLoading: 'Loading the RO\'s services...',
  noRoOpCodes: 'This RO has no services to pre-approve.',
  overrideReason: 'Reason',
  overrideReasonHint: 'Why you accept on the customer\'s behalf (for example: approved in person at the service desk). Kept with the verification.',
  overrideReasonRequired: 'Reason is required.',
  overrideReasonLabel: 'Override reason',
} as const;

export const CHANNEL_LABELS: Record<RedemptionVerificationType, string> = { email: 'Email', text: 'Text' };

/** SPEC leaves the status set open; these are the words staff read for each (docs/decisions/0025-redemption-verification-web.md). */
export const STATUS_LABELS: Record<RedemptionVerificationStatus, string> = {
  pending: 'Sending',
  sent: 'Waiting for the customer',
  accepted: 'Approved by the customer',
  declined: 'Declined by the customer',
  overridden: "Accepted on the customer's behalf",
  expired: 'Expired',
};

/** Toasts of the listener when a verification changes state (the start and override have their own). */
export const TRANSITION_TOASTS: Partial<Record<RedemptionVerificationStatus, { type: 'success' | 'warning' | 'info'; text: (roNumber: string) => string }>> = {
  accepted: { type: 'success', text: (ro) => `RO# ${ro}: the customer approved the verification.` },
  declined: { type: 'warning', text: (ro) => `RO# ${ro}: the customer declined the verification.` },
  overridden: { type: 'info', text: (ro) => `RO# ${ro}: the verification was accepted on the customer's behalf.` },
  expired: { type: 'warning', text: (ro) => `RO# ${ro}: the verification expired without an answer.` },
};

/** month/day/year (SPEC 5) and the time, since a verification lives 30 minutes; '-' when missing. */
export const formatDateTime = (value: string | null | undefined) => formatDateAndTime(value) || '-';
