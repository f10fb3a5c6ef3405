export * from './definition';
export * from './events';
export * from './sale-events';
export * from './issue';
export * from './sale-rules';
export * from './views';
export * from './coupon-places';
