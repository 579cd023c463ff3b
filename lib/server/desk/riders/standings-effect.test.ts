/**
 * The standings effect of a rider merge or split (./standings-effect.ts; issue 24): rows matched
 * through the results, merged rows before → the one row after, a split's one row → both, riders
 * moved by it listed after the named ones, unchanged riders left out.
 */
import { describe, expect, it } from 'vitest';
import { standingsEffect, type EffectSide } from './standings-effect';

type Row = EffectSide['rows'][number];
const row = (riderKey: string, lastName: string, className: string | null, position: number | null, points: number, number: string | null = null): Row => ({
  riderKey,
  className,
  firstName: 'Rider',
  lastName,
  number,
  class: { position, points },
});
const result = (entryId: number, participantId: number, riderKey: string, className: string | null = 'Pro') => ({ entryId, participantId, riderKey, className });
const order = new Map([
  ['Pro', 0],
  ['Vet', 1],
]);

describe('standingsEffect', () => {
  it('shows the merged riders’ rows becoming one, then the riders it moves; unchanged riders are left out', () => {
    const before: EffectSide = {
      results: [result(1, 1, 'a'), result(2, 2, 'b'), result(3, 3, 'c'), result(4, 4, 'd', 'Vet'), result(5, 5, 'e')],
      rows: [row('a', 'Aubé', 'Pro', 1, 50, '1'), row('b', 'Brunet', 'Pro', 2, 40, '2'), row('c', 'Côté', 'Pro', 3, 30, '3'), row('e', 'Émond', 'Pro', 4, 10), row('d', 'Dubé', 'Vet', 1, 20)],
    };
    const after: EffectSide = {
      results: [result(1, 1, 'a'), result(2, 2, 'rider:2'), result(3, 3, 'rider:2'), result(4, 4, 'd', 'Vet'), result(5, 5, 'e')],
      rows: [row('rider:2', 'Côté', 'Pro', 1, 70, '3'), row('a', 'Aubé', 'Pro', 2, 50, '1'), row('e', 'Émond', 'Pro', 3, 10), row('d', 'Dubé', 'Vet', 1, 20)],
    };
    const effect = standingsEffect(before, after, new Set([2, 3]), order);
    expect(effect.map((r) => [r.className, r.before && [r.before.riderKey, r.before.position, r.before.points], r.after && [r.after.riderKey, r.after.position, r.after.points], r.named])).toEqual([
      ['Pro', ['b', 2, 40], ['rider:2', 1, 70], true],
      ['Pro', ['c', 3, 30], ['rider:2', 1, 70], true],
      ['Pro', ['a', 1, 50], ['a', 2, 50], false],
      ['Pro', ['e', 4, 10], ['e', 3, 10], false],
    ]);
    expect(effect[0]!.before).toEqual({ riderKey: 'b', name: 'Rider Brunet', number: '2', position: 2, points: 40 });
  });

  it('shows a split’s one row becoming two, per class, and a rider no longer classified', () => {
    const before: EffectSide = {
      results: [result(1, 1, 'a'), result(2, 4, 'a'), result(3, 4, 'a', 'Vet'), result(4, 2, 'b')],
      rows: [row('a', 'Aubé', 'Pro', 1, 60), row('b', 'Brunet', 'Pro', 2, 40), row('a', 'Aubé', 'Vet', 1, 25)],
    };
    const after: EffectSide = {
      results: [result(1, 1, 'a'), result(2, 4, 'split:4'), result(3, 4, 'split:4', 'Vet'), result(4, 2, 'b')],
      rows: [row('b', 'Brunet', 'Pro', 1, 40), row('a', 'Aubé', 'Pro', null, 35), row('split:4', 'Aubé', 'Pro', null, 25), row('split:4', 'Aubé', 'Vet', 1, 25)],
    };
    const effect = standingsEffect(before, after, new Set([4]), order);
    expect(effect.map((r) => [r.className, r.before?.riderKey ?? null, r.after?.riderKey ?? null, r.after?.position ?? null, r.named])).toEqual([
      ['Pro', 'a', 'split:4', null, true],
      ['Pro', 'b', 'b', 1, false],
      ['Pro', 'a', 'a', null, false],
      ['Vet', 'a', 'split:4', 1, true],
    ]);
  });

  it('is empty when nothing moves', () => {
    const side: EffectSide = { results: [result(1, 1, 'a')], rows: [row('a', 'Aubé', 'Pro', 1, 50)] };
    expect(standingsEffect(side, side, new Set(), order)).toEqual([]);
  });
});
