import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, mayReload } from '../../components/layout/ChunkReload';
import { progressAt } from '../../components/layout/NavigationProgress';
import { settingsFromParameters } from '../../lib/cms/settings';
import { elide } from '../../lib/format';

vi.mock('server-only', () => ({}));

describe('French elision of names from data (ICU select)', () => {
  it('elides before a vowel, accented or not, but not before h or y', () => {
    expect(elide('Off-Road Motorcycle and Quad Racing Federation')).toBe('yes');
    expect(elide('Écurie Laurentides')).toBe('yes');
    expect(elide('Honda Racing')).toBe('no');
    expect(elide('Yamaha Cup')).toBe('no');
    expect(elide('Sandy Lane Enduro')).toBe('no');
    expect(elide('  ')).toBe('no');
  });
});

describe('chunk-load failure reload (spec §4, §9: once per 60 s)', () => {
  it('recognises chunk-load errors and nothing else', () => {
    const chunk = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /ll/_next/static/chunks/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('allows a reload when none happened in the last 60 s', () => {
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(1_000_000 - 59_999, 1_000_000)).toBe(false);
    expect(mayReload(1_000_000 - 60_000, 1_000_000)).toBe(true);
    expect(mayReload(Number.NaN, 1_000_000)).toBe(true);
  });
});

describe('page-load progress bar (spec §9)', () => {
  it('grows with time and never reaches 100 % before the page is shown', () => {
    expect(progressAt(0)).toBe(0);
    expect(progressAt(1000)).toBeLessThan(progressAt(2500));
    expect(progressAt(5000)).toBeGreaterThan(60);
    expect(progressAt(600_000)).toBeLessThanOrEqual(95);
  });
});

describe('translated site parameters', () => {
  const params = [
    { Name: 'TabTitle', Value: 'FMQR – Federation' },
    { Name: 'TabTitle:fr-CA', Value: 'FMQR – Fédération' },
    { Name: 'PageTitle', Value: 'FMQR' },
    { Name: 'PageTitle:es', Value: '   ' },
    { Name: 'ContactEmail', Value: 'office@fmqr.ca' },
    { Name: 'CaptchaSiteKey', Value: '' },
  ];

  it('uses Name:<content locale> when it has a value, else Name', () => {
    expect(settingsFromParameters(params, 'fr-CA').tabTitle).toBe('FMQR – Fédération');
    expect(settingsFromParameters(params, 'en').tabTitle).toBe('FMQR – Federation');
    expect(settingsFromParameters(params, 'es').pageTitle).toBe('FMQR');
  });

  it('reads the contact recipient and an empty captcha key as none', () => {
    const s = settingsFromParameters(params);
    expect(s.contactEmail).toBe('office@fmqr.ca');
    expect(s.captchaSiteKey).toBeNull();
  });
});

describe('the visitor address behind proxies (site-server clientAddress)', async () => {
  const { clientAddress } = await import('../../lib/server/http/site-server');
  it('ignores what a client writes when the site faces visitors', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.7', 0)).toBe('198.51.100.7');
    expect(clientAddress(undefined, '198.51.100.7', 0)).toBe('198.51.100.7');
  });
  it('takes the address the trusted proxy saw, not the client’s own claim', () => {
    // client claims 1.1.1.1; the proxy appended the real peer 203.0.113.9; the socket is the proxy.
    expect(clientAddress('1.1.1.1, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
  });
});
