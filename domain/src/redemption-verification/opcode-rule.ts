/**
 * The op-code verification rule aggregate (stream `opcode-verification-rule-{ruleId}`): a
 * manager marks an op code as needing the customer's verification at one location. The rule
 * id is derived from (location, op code) by the caller (command-api's opCodeRuleIdFor), so the
 * event store itself keeps one rule per pair; a removed rule can be added again. Pure.
 */
import { OPCODE_RULE_MESSAGES, type OpCodeRuleEvent } from '@dealer/contracts';
import type { Decider } from '../decider';
import { DomainError } from '../errors';

export type OpCodeRuleCommand =
  | { type: 'AddOpCodeRule'; data: { ruleId: string; locationId: number; opCode: string; description: string | null } }
  | { type: 'ChangeOpCodeRule'; data: { ruleId: string; description: string | null } }
  | { type: 'RemoveOpCodeRule'; data: { ruleId: string } };

export type OpCodeRuleState =
  | { status: 'none' | 'removed' }
  | { status: 'active'; locationId: number; opCode: string; description: string | null };

const notFound = () => new DomainError('not_found', [OPCODE_RULE_MESSAGES.notFound]);

export const opCodeRuleDecider: Decider<OpCodeRuleState, OpCodeRuleCommand, OpCodeRuleEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    const e = event as OpCodeRuleEvent;
    switch (e.type) {
      case 'OpCodeVerificationRuleAdded':
        return { status: 'active', locationId: e.data.locationId, opCode: e.data.opCode, description: e.data.description };
      case 'OpCodeVerificationRuleChanged':
        return state.status === 'active' ? { ...state, description: e.data.description } : state;
      case 'OpCodeVerificationRuleRemoved':
        return { status: 'removed' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AddOpCodeRule':
        if (state.status === 'active') throw new DomainError('conflict', [OPCODE_RULE_MESSAGES.duplicate], { opCode: OPCODE_RULE_MESSAGES.duplicate });
        return [{ type: 'OpCodeVerificationRuleAdded', data: command.data }];
      case 'ChangeOpCodeRule':
        if (state.status !== 'active') throw notFound();
        if (state.description === command.data.description) return [];
        return [{ type: 'OpCodeVerificationRuleChanged', data: command.data }];
      case 'RemoveOpCodeRule':
        if (state.status !== 'active') throw notFound();
        return [{ type: 'OpCodeVerificationRuleRemoved', data: { ruleId: command.data.ruleId, locationId: state.locationId, opCode: state.opCode } }];
    }
  },
};
