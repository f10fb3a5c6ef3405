export * from './messaging/message';
export * from './messaging/dev-outbox';
export * from './messaging/smtp';
export * from './messaging/router';
export * from './reactor/reactor';
export * from './reactor/reactions';
export * from './queue';
export * from './migrations';
