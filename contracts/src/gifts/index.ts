export * from './events';
export * from './rules';
