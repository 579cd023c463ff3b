/** The federation's waiver settings and the CMS's waiver disciplines (issue 27). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_DISCIPLINES } from '../contracts/events';
import { waiverSettingsFrom } from './waivers';

describe('waiverSettingsFrom', () => {
  it('asks for the minor’s signature only when WaiverMinorSignature says true, and keeps the retention defaults', () => {
    expect(waiverSettingsFrom([])).toEqual({ retentionYears: 7, limitationYears: 3, minorSignature: false });
    expect(waiverSettingsFrom([{ Name: 'WaiverMinorSignature', Value: ' TRUE ' }]).minorSignature).toBe(true);
    for (const value of ['false', 'yes', '1', '']) expect(waiverSettingsFrom([{ Name: 'WaiverMinorSignature', Value: value }]).minorSignature, value).toBe(false);
    expect(waiverSettingsFrom([{ Name: 'WaiverRetentionYears', Value: '10' }, { Name: 'WaiverMinorSignature', Value: 'true' }])).toEqual({ retentionYears: 10, limitationYears: 3, minorSignature: true });
  });
});

describe('the CMS’s waiver collection', () => {
  it('offers the disciplines events have (events.discipline), so a text can be written for each', () => {
    const schema = JSON.parse(readFileSync(path.join(process.cwd(), 'cms/src/api/waiver/content-types/waiver/schema.json'), 'utf8'));
    expect(schema.attributes.Discipline.enum).toEqual([...EVENT_DISCIPLINES]);
    expect(schema.attributes.Discipline.required).toBeUndefined();
  });
});
