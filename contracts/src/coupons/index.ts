export * from './definition';
export * from './events';
export * from './state';
export * from './expiry';
