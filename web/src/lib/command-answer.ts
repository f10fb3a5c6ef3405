// What a catalogue command (coupons, packs) answers: contracts' CommandAnswer in SPEC 3's envelope; the toast
// shows its message.
import type { ApiEnvelope, CommandAnswer } from '@dealer/contracts';

export type CommandEnvelope = ApiEnvelope<CommandAnswer | null>;

/** The server's SPEC 8 success text, or the contract's when an answer carries none. */
export const answerMessage = (envelope: CommandEnvelope | undefined, fallback: string): string => envelope?.dataSet?.message || fallback;
