/**
 * The live feed's writer: `createLiveIngest` and what goes with it. Its steps are in ./ingest/,
 * one file each; ./ingest/index.ts composes them and its docstring lists every behaviour and the
 * file implementing it. This module keeps the import path of the writer's callers.
 */
export * from './ingest/index';
