import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_SCAN_RESULTS as CONTRACT_RESULTS } from '../../contracts/ticket-scans';
import { TICKET_SCAN_RESULTS as SCHEMA_RESULTS } from '../db/schema';

const ticket = { id: '3f2a9c1e-5b7d-4e2a-9c1e-5b7d4e2a9c1e', eventId: 42, day: '2026-07-12' };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('ticket codes (issue 28: the QR code carries the ticket id signed by the server)', () => {
  it('verify their own claims and refuse a code with any one byte changed', async () => {
    vi.stubEnv('BETTER_AUTH_SECRET', 'a-test-secret-that-is-long-enough-0123456789');
    const { ticketCode, verifyTicketCode } = await import('./ticket-code');
    const code = await ticketCode(ticket);
    expect(code.split('.')).toHaveLength(3);
    expect(await verifyTicketCode(code)).toEqual({ tid: ticket.id, eid: 42, day: '2026-07-12' });
    // Every position, in the header, the claims and the signature: one character changed is refused.
    for (let i = 0; i < code.length; i++) {
      if (code[i] === '.') continue;
      const swapped = code[i] === 'A' ? 'B' : 'A';
      const forged = code.slice(0, i) + swapped + code.slice(i + 1);
      // The last character of a base64url part may carry padding bits only: the same bytes, so skip those equal decodings.
      if (Buffer.from(forged.split('.').join(''), 'base64url').equals(Buffer.from(code.split('.').join(''), 'base64url'))) continue;
      expect(await verifyTicketCode(forged), `position ${i}`).toBeNull();
    }
  });

  it('refuse another key, another ticket’s claims under a copied signature, and anything malformed', async () => {
    vi.stubEnv('BETTER_AUTH_SECRET', 'a-test-secret-that-is-long-enough-0123456789');
    const { ticketCode, verifyTicketCode } = await import('./ticket-code');
    const code = await ticketCode(ticket);
    const [header, , signature] = code.split('.');
    const otherClaims = Buffer.from(JSON.stringify({ tid: ticket.id, eid: 43, day: '2026-07-12' })).toString('base64url');
    expect(await verifyTicketCode(`${header}.${otherClaims}.${signature}`)).toBeNull();
    // An unsigned token ("alg": "none") is refused.
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await verifyTicketCode(`${none}.${code.split('.')[1]}.`)).toBeNull();
    for (const bad of ['', 'x', 'a.b.c', code + '.', ' ' + 'x'.repeat(3000)]) expect(await verifyTicketCode(bad)).toBeNull();
    vi.stubEnv('BETTER_AUTH_SECRET', 'another-secret-that-is-long-enough-9876543210');
    expect(await verifyTicketCode(code)).toBeNull();
  });

  it('the contract lists the same scan results as the database', () => {
    expect([...CONTRACT_RESULTS]).toEqual([...SCHEMA_RESULTS]);
  });
});
