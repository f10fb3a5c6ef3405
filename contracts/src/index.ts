export * from './constants';
export * from './format/phone';
export * from './format/dates';
export * from './api/envelope';
export * from './customers/profile-rules';
export * from './customers/customer';
export * from './customers/events';
export * from './events/personal-data';
