export * from './constants';
export * from './messages';
export * from './events';
export * from './state';
export * from './view';
export * from './requests';
export * from './schemas';
