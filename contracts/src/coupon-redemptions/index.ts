export * from './events';
export * from './state';
export * from './rules';
export * from './ro-ledger';
export * from './reviews';
