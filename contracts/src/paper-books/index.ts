export * from './events';
export * from './state';
export * from './rules';
export * from './views';
