import { describe, expect, it } from 'vitest';
import { shuffle } from './shuffle';

describe('shuffle (the start grid draw)', () => {
  it('keeps every item once and leaves its input as it was', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    const out = shuffle(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('is Fisher–Yates: each index swapped with one drawn below it', () => {
    // random(n) → n − 1 swaps each item with itself; random → 0 rotates the first to the end step by step.
    expect(shuffle([1, 2, 3, 4], (n) => n - 1)).toEqual([1, 2, 3, 4]);
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
  });

  it('gives every order of three about as often (6 orders, 6,000 draws)', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = shuffle(['a', 'b', 'c']).join('');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    for (const n of seen.values()) expect(n).toBeGreaterThan(800);
  });
});
