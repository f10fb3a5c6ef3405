export * from './events';
export * from './rules';
export * from './views';
