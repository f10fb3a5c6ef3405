// Query-key factory of the op-code rules feature; every change invalidates `all`, so the list reloads.
export const opCodeRuleKeys = {
  all: ['opcode-rules'] as const,
  list: (locationId: number) => [...opCodeRuleKeys.all, 'list', locationId] as const,
  /** Mutation key of the description edit, for "is the edit dialog saving?". */
  update: () => [...opCodeRuleKeys.all, 'update'] as const,
};
