export * from './definition';
export * from './events';
export * from './expiry';
export * from './desk-code';
