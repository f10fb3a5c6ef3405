// Wording of the Verification Op Codes page that SPEC leaves open; the SPEC 8 messages come from contracts.
import { OPCODE_RULE_MESSAGES } from '@dealer/contracts';

export const OPCODE_RULE_TEXTS = {
  chooseLocation: 'Select a location to see the op codes that need the customer\'s verification there.',
  none: 'No op codes at this location need the customer\'s verification.',
  addHeading: 'Add an op code',
  add: 'Add Op Code',
  opCode: 'Op code',
  opCodeHint: 'As it appears on the repair order, e.g. TIR.',
  description: 'Description',
  descriptionHint: 'Optional. Shown to the customer with the op code.',
  loading: 'Loading op codes...',
  editTitle: (opCode: string) => `Edit Op Code ${opCode}`,
  /** A second paragraph under SPEC's remove confirmation, so the manager sees which rule goes. */
  removeDetail: (opCode: string, locationName: string | null) =>
    `${opCode}${locationName ? ` at ${locationName}` : ''} will no longer need the customer's verification.`,
  count: (n: number) => (n === 1 ? '1 op code needs verification' : `${n} op codes need verification`),
} as const;

export { OPCODE_RULE_MESSAGES };
