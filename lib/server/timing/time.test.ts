import { describe, expect, it } from 'vitest';
import { formatTimeMs, milesToKm, parseTimeMs } from './time';

describe('parseTimeMs', () => {
  it.each([
    ['00:05:14.808', 314_808],
    ['02:00:03.686', 7_203_686],
    ['1:28:43', 5_323_000],
    ['5:14.808', 314_808],
    ['1:05.906', 65_906],
    ['44.811', 44_811],
    ['1.854', 1_854],
    ['0.5', 500],
    ['00:59:59.999', 3_599_999],
    ['  33.271 ', 33_271],
  ])('%s → %d ms', (input, expected) => {
    expect(parseTimeMs(input)).toBe(expected);
  });

  it.each(['', '   ', '--.---', '--:--.---'])('"%s" means no time', (input) => {
    expect(parseTimeMs(input)).toBeNull();
  });

  it.each(['abc', '1:2x.000', '00:61:00.000', '1:75.000', '1:00:00:00', '12.3456', '1 lap', '-5'])(
    'throws on garbage "%s"',
    (input) => {
      expect(() => parseTimeMs(input)).toThrow(/time|range/);
    },
  );
});

describe('formatTimeMs', () => {
  it('formats minutes, seconds and milliseconds like the site shows them', () => {
    expect(formatTimeMs(314_808)).toBe('5:14.808');
    expect(formatTimeMs(33_271)).toBe('0:33.271');
    expect(formatTimeMs(65_906)).toBe('1:05.906');
    expect(formatTimeMs(0)).toBe('0:00.000');
  });

  it('adds hours from one hour on', () => {
    expect(formatTimeMs(7_203_686)).toBe('2:00:03.686');
    expect(formatTimeMs(3_600_000)).toBe('1:00:00.000');
  });

  it('round-trips with parseTimeMs', () => {
    for (const ms of [1, 999, 59_999, 314_808, 3_599_999, 7_203_686]) {
      expect(parseTimeMs(formatTimeMs(ms))).toBe(ms);
    }
  });

  it('signs negative values', () => {
    expect(formatTimeMs(-1_313)).toBe('-0:01.313');
  });
});

describe('milesToKm', () => {
  it('converts the RMonitor and AMA track lengths', () => {
    expect(milesToKm(2.76)).toBeCloseTo(4.442, 3);
    expect(milesToKm(3.7)).toBeCloseTo(5.955, 3);
    expect(milesToKm(1.2)).toBeCloseTo(1.931, 3);
  });
});
