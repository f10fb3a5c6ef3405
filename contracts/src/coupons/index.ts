export * from './definition';
export * from './events';
export * from './expiry';
