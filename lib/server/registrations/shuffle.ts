/**
 * A fair draw (issue 27 "the promoter's draw" of a start grid): Fisher–Yates with
 * `crypto.randomInt`, every order equally likely. Pure module: no database, no `server-only`.
 */
import { randomInt } from 'node:crypto';

/** A new array holding `items` in a uniformly random order (the input is left as it is). */
export function shuffle<T>(items: readonly T[], random: (max: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
