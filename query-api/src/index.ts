export * from './app';
export { CheckpointWaiter } from './plugins/read-your-writes';
