export * from './projection';
export * from './runner';
export * from './rebuild';
export * from './schema-setup';
export { projections } from './projections/index';
