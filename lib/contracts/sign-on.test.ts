import { describe, expect, it } from 'vitest';
import { applyPending, signOnAction, signOnReady, type SignOnRow } from './sign-on';

const row = (over: Partial<SignOnRow> = {}): SignOnRow => ({
  participantId: 1,
  firstName: 'Léo',
  lastName: 'Gate',
  classes: [{ registrationId: 10, className: '85cc' }],
  raceNumber: '85',
  transponder: null,
  transponderRental: true,
  membership: 'with_payment',
  waiver: 'signed',
  signOnline: true,
  paid: false,
  dueCents: 6323,
  dueOrder: 'order-1',
  presentAt: null,
  ...over,
});
const id = '6d37cb8f-e490-4f8e-bfce-0855ad68993b';

describe('sign-on on the device before the server answers', () => {
  it('shows a gate payment as paid, with the licence that came with it, on the rider of that order only', () => {
    const [leo, other] = applyPending([row(), row({ participantId: 2, dueOrder: 'order-2' })], [{ id, at: '2027-06-05T08:00:00Z', type: 'paid', order: 'order-1' }]);
    expect(leo).toMatchObject({ paid: true, dueCents: 0, dueOrder: null, membership: 'valid' });
    expect(signOnReady(leo!)).toBe(true);
    expect(other).toMatchObject({ paid: false, dueOrder: 'order-2' });
    expect(signOnReady(other!)).toBe(false);
  });

  it('keeps the first presence and upper-cases a transponder as the server does', () => {
    const [leo] = applyPending(
      [row({ presentAt: '2027-06-05T07:00:00.000Z' })],
      [
        { id, at: '2027-06-05T08:00:00.000Z', type: 'present', participantId: 1 },
        { id, at: '2027-06-05T08:01:00.000Z', type: 'transponder', participantId: 1, number: ' r-12 ' },
      ],
    );
    expect(leo).toMatchObject({ presentAt: '2027-06-05T07:00:00.000Z', transponder: 'R-12' });
  });

  it('is not ready while the waiver is missing or rejected, whatever was paid', () => {
    expect(signOnReady(row({ paid: true, membership: 'valid', waiver: 'not_signed' }))).toBe(false);
    expect(signOnReady(row({ paid: true, membership: 'valid', waiver: 'rejected' }))).toBe(false);
  });

  it('refuses a transponder with other characters, and an action without its id', () => {
    expect(signOnAction.safeParse({ id, at: '2027-06-05T08:00:00Z', type: 'transponder', participantId: 1, number: 'R 12' }).error?.issues[0]?.message).toBe('invalid_transponder');
    expect(signOnAction.safeParse({ at: '2027-06-05T08:00:00Z', type: 'present', participantId: 1 }).success).toBe(false);
  });
});
