export * from '@dealer/read-models/projection';
export * from './runner';
export * from './rebuild';
export * from './schema-setup';
export { projections } from '@dealer/read-models/projections';
