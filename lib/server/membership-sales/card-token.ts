/**
 * The membership card's QR code (issue 26 "a membership card in /account with a QR code that an
 * official can check"): it carries the address `/membership/check/{membershipId}-{signature}`,
 * where the signature is an HMAC-SHA256 of the membership's id under the site's auth secret
 * (`authSecret`, with its own purpose prefix), cut to 128 bits. A forged or altered code fails
 * the check; nothing private is in the code itself.
 */
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '../accounts/auth';

const PURPOSE = 'membership-card:v1:';

function signature(membershipId: number): string {
  return createHmac('sha256', authSecret()).update(`${PURPOSE}${membershipId}`).digest().subarray(0, 16).toString('base64url');
}

/** The token of membership `membershipId` ("123-<22 characters>"). */
export function cardToken(membershipId: number): string {
  return `${membershipId}-${signature(membershipId)}`;
}

/** The membership id a token names when its signature is right, else null (any malformed text is null). */
export function verifyCardToken(token: string): number | null {
  const match = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const expected = Buffer.from(signature(id));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
