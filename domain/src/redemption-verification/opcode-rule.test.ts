import { describe, expect, it } from 'vitest';
import { OPCODE_RULE_MESSAGES, type OpCodeRuleEvent } from '@dealer/contracts';
import { given as givenOn } from '../testing/given';
import { opCodeRuleDecider, type OpCodeRuleCommand } from './opcode-rule';

/** Any rule id (command-api derives it from the location and op code: opcode-rule.test.ts there). */
const ruleId = '5b1d2c3e-0000-5000-8000-000000000001';
const given = (events: OpCodeRuleEvent[]) => givenOn(opCodeRuleDecider, events);
const added: OpCodeRuleEvent = { type: 'OpCodeVerificationRuleAdded', data: { ruleId, locationId: 1, opCode: 'BRK', description: 'Brakes' } };
const removed: OpCodeRuleEvent = { type: 'OpCodeVerificationRuleRemoved', data: { ruleId, locationId: 1, opCode: 'BRK' } };
const add: OpCodeRuleCommand = { type: 'AddOpCodeRule', data: { ruleId, locationId: 1, opCode: 'BRK', description: 'Brakes' } };

describe('op-code verification rules', () => {
  it('should add a rule once, and again after it was removed', () => {
    expect(given([]).when(add)()).toEqual([added]);
    expect(given([added]).when(add)).toThrow(OPCODE_RULE_MESSAGES.duplicate);
    expect(given([added, removed]).when(add)()).toEqual([added]);
  });

  it('should change the description of an active rule only, and record nothing for the same one', () => {
    expect(given([added]).when({ type: 'ChangeOpCodeRule', data: { ruleId, description: 'Front brakes' } })()).toEqual([
      { type: 'OpCodeVerificationRuleChanged', data: { ruleId, description: 'Front brakes' } },
    ]);
    expect(given([added]).when({ type: 'ChangeOpCodeRule', data: { ruleId, description: 'Brakes' } })()).toEqual([]);
    expect(given([added, removed]).when({ type: 'ChangeOpCodeRule', data: { ruleId, description: 'x' } })).toThrow(OPCODE_RULE_MESSAGES.notFound);
  });

  it('should remove an active rule, naming its location and op code, and refuse an unknown one', () => {
    expect(given([added]).when({ type: 'RemoveOpCodeRule', data: { ruleId } })()).toEqual([removed]);
    expect(given([]).when({ type: 'RemoveOpCodeRule', data: { ruleId } })).toThrow(OPCODE_RULE_MESSAGES.notFound);
  });
});
