/** The request id (issue 29): a trusted proxy's id is kept when well formed; anyone else's is replaced. */
import { describe, expect, it } from 'vitest';
import { requestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestId', () => {
  it('keeps the id of a trusted proxy (nginx $request_id)', () => {
    expect(requestId('3f1c9a7e0b2d4c6f8a1b3c5d7e9f0a2b', 1)).toBe('3f1c9a7e0b2d4c6f8a1b3c5d7e9f0a2b');
  });

  it('makes a new one without a trusted proxy, or for an id that could forge log lines', () => {
    expect(requestId('chosen-by-visitor', 0)).toMatch(UUID);
    expect(requestId('a"}\n{"level":"error', 1)).toMatch(UUID);
    expect(requestId('x'.repeat(65), 1)).toMatch(UUID);
    expect(requestId(undefined, 1)).toMatch(UUID);
  });
});
