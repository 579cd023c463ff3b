/**
 * One account per submission id (issue 11 "Submitting twice creates one account"; spec §4),
 * against a real PostgreSQL database: a repeat of a submission that passed the first look for
 * its id while the first submit was still running, and that only reaches the email check once
 * the first has committed, answers the first's account (200 `repeated`), not 409 `email_taken`.
 * The email check is held back (a mock around the real one) to make that order certain.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

// Any account mail goes to a temporary outbox, never the repository's .data/outbox.
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'll-race-outbox-'));
process.env.OUTBOX_DIR = outbox;
delete process.env.SMTP_URL;
process.env.SITE_URL = 'http://localhost';
process.env.BETTER_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { hold: true, open: () => open(), opened };
});

vi.mock('../../lib/server/accounts/check-duplicate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/server/accounts/check-duplicate')>();
  return {
    ...real,
    // The first email check (the repeat's) waits until the test opens the gate; later ones run at once.
    isEmailTaken: async (...args: Parameters<typeof real.isEmailTaken>) => {
      if (gate.hold) {
        gate.hold = false;
        await gate.opened;
      }
      return real.isEmailTaken(...args);
    },
  };
});

let database: TestDatabase | undefined;

beforeAll(async () => {
  database = await useTestDatabase('empty');
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('a repeat that overtakes the first submit', () => {
  it('answers the first submit’s account, not email_taken', async () => {
    const { participantRegistrationInput } = await import('../../lib/contracts/account');
    const { createParticipantAccount } = await import('../../lib/server/accounts/create-account');
    const email = `race.${randomUUID().slice(0, 8)}@example.com`;
    const input = participantRegistrationInput.parse({
      submissionId: randomUUID(),
      information: { firstName: 'Rae', lastName: 'Cer', gender: 'female', birthday: { year: 1990, month: 2, day: 3 }, phone: '514-555-0101' },
      login: { email, emailConfirmation: email, password: 'Secret123', passwordConfirmation: 'Secret123' },
      address: { address: '1 Rue Est', country: 'CA', state: 'QC', city: 'Laval', zip: 'H7N 1A1' },
      emergencyContact: { firstName: 'Jo', lastName: 'Roy', phone: '5145550102' },
    });
    // The repeat looks its submission id up (none yet), then waits at the email check.
    const repeat = createParticipantAccount(input);
    await vi.waitFor(() => expect(gate.hold).toBe(false));
    const first = await createParticipantAccount(input);
    expect(first.repeated).toBe(false);
    gate.open();
    await expect(repeat).resolves.toMatchObject({ id: first.id, minors: 0, repeated: true });
  });
});
