export * from './videos';
export * from './progress';
export * from './events';
