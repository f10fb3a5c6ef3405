import { describe, expect, it } from 'vitest';
import { opCodeRuleIdFor } from './opcode-rule';

describe('op-code verification rule ids', () => {
  it('should derive one rule id per location and op code', () => {
    expect(opCodeRuleIdFor(1, 'BRK')).toBe(opCodeRuleIdFor(1, 'BRK'));
    expect(opCodeRuleIdFor(2, 'BRK')).not.toBe(opCodeRuleIdFor(1, 'BRK'));
  });
});
