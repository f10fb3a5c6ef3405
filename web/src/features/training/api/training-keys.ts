// Query-key factory of the training feature; a progress report invalidates `all`.
export const trainingKeys = {
  all: ['training'] as const,
  own: () => [...trainingKeys.all, 'own'] as const,
  completion: () => [...trainingKeys.all, 'completion'] as const,
};
