/**
 * STUB — replaced by the engine helper. See ./types.ts.
 */
import type { EngineInput, Standings } from './types';

/** Computes the standings of a series from its rounds' results and its rules (spec §4 Series results). */
export function computeStandings(_input: EngineInput): Standings {
  throw new Error('not implemented');
}
