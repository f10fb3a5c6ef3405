/**
 * The op-code verification rule's id, derived from (location, op code) so the event store itself
 * keeps one rule per pair; the rule's decider is the domain's (domain/src/redemption-verification/opcode-rule.ts).
 */
import { deterministicUuid } from '@dealer/platform';

export { opCodeRuleDecider, type OpCodeRuleCommand, type OpCodeRuleState } from '@dealer/domain/redemption-verification/opcode-rule';

export const opCodeRuleIdFor = (locationId: number, opCode: string) => deterministicUuid(`opcode-verification-rule:${locationId}:${opCode}`);
