/**
 * The domain core: each aggregate's state, evolve, commands and pure decide, one folder an
 * aggregate. No I/O (STYLE: the clock and ids come in the commands); imports only contracts.
 */
export * from './errors';
export * from './decider';
