/**
 * The Server-Sent Events hub of the live pages: `createLiveHub`, `liveHub` and what goes with
 * them. Its steps are in ./sse/, one file each; ./sse/index.ts composes them and its docstring
 * describes the stream and every behaviour with the file implementing it. This module keeps the
 * import path of the hub's callers.
 */
export * from './sse/index';
