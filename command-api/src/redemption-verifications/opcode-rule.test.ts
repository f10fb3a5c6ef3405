import { describe, expect, it } from 'vitest';
import { OPCODE_RULE_MESSAGES, type OpCodeRuleEvent } from '@dealer/contracts';
import { opCodeRuleDecider, opCodeRuleIdFor, type OpCodeRuleCommand } from './opcode-rule';

const ruleId = opCodeRuleIdFor(1, 'BRK');
function given(events: OpCodeRuleEvent[]) {
  const state = events.reduce(opCodeRuleDecider.evolve, opCodeRuleDecider.initialState());
  return { when: (command: OpCodeRuleCommand) => () => opCodeRuleDecider.decide(command, state) };
}
const added: OpCodeRuleEvent = { type: 'OpCodeVerificationRuleAdded', data: { ruleId, locationId: 1, opCode: 'BRK', description: 'Brakes' } };
const removed: OpCodeRuleEvent = { type: 'OpCodeVerificationRuleRemoved', data: { ruleId, locationId: 1, opCode: 'BRK' } };
const add: OpCodeRuleCommand = { type: 'AddOpCodeRule', data: { ruleId, locationId: 1, opCode: 'BRK', description: 'Brakes' } };

describe('op-code verification rules', () => {
  it('should derive one rule id per location and op code', () => {
    expect(opCodeRuleIdFor(1, 'BRK')).toBe(ruleId);
    expect(opCodeRuleIdFor(2, 'BRK')).not.toBe(ruleId);
  });

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
