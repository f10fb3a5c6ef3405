export * from './definition';
export * from './events';
export * from './state';
export * from './sale-events';
export * from './sale-state';
export * from './issue';
export * from './sale-rules';
export * from './views';
