export * from './events';
export * from './rules';
export * from './ro-ledger-events';
export * from './reviews';
