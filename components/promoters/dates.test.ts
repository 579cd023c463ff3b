import { describe, expect, it } from 'vitest';
import { formatDateRange } from './dates';

describe('formatDateRange', () => {
  it('shows one date for a one-day event and a range otherwise, per language', () => {
    expect(formatDateRange('2026-06-09', null, 'en')).toBe('June 9, 2026');
    expect(formatDateRange('2026-06-09', '2026-06-09', 'en')).toBe('June 9, 2026');
    expect(formatDateRange('2026-06-09', '2026-06-10', 'en')).toMatch(/^June 9\s*–\s*10, 2026$/);
    expect(formatDateRange('2026-06-09', '2026-06-10', 'fr')).toMatch(/^9\s*–\s*10 juin 2026$/);
    expect(formatDateRange('2026-05-30', '2026-06-01', 'es')).toContain('2026');
  });
});
