export * from './money';
export * from './allocate';
export * from './parse';
export * from './format';
