export * from './videos';
export * from './progress';
export * from './events';
export * from './media';
