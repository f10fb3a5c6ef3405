/** DMS reference data (locations, repair orders, jobs, accounting): schema, importer, generator. */
export * from '@dealer/platform/dms/schema';
export * from './fields';
export { copyValue } from '@dealer/platform/db/copy';
export * from './records';
export * from './importer';
export * from './priority';
export * from './generator';
export * from './bulk-load';
export * from './demo';
export * from './erasure';
