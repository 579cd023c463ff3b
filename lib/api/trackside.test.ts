/**
 * What a failed trackside search says (lib/api/trackside.ts `searchFailure`; spec §8
 * Trackside: network_error when no response, request_error otherwise, the server message when
 * present): never the client library's English text in French or Spanish.
 */
import { describe, expect, it } from 'vitest';
import { ApiHttpError, toClientError } from './client';
import { searchFailure } from './trackside';

const reply = (status: number, data: unknown) =>
  toClientError(new ApiHttpError(`Request failed with status code ${status}`, { status, data, headers: new Headers() }));
const known = (code: string) => ['service_unavailable', 'not_found'].includes(code);

describe('searchFailure', () => {
  it('a reply that is not the API’s (a proxy’s 504, an HTML page) says request_error, never the library’s text', () => {
    expect(searchFailure(reply(504, ''), known)).toEqual({ key: 'request_error' });
    expect(searchFailure(reply(502, '<html>Bad gateway</html>'), known)).toEqual({ key: 'request_error' });
  });
  it('no reply says network_error', () => {
    expect(searchFailure(toClientError(new ApiHttpError('timeout of 5000ms exceeded')), known)).toEqual({ key: 'network_error' });
  });
  it('the API’s code when the messages translate it, else the API’s own message', () => {
    expect(searchFailure(reply(503, { error: 'service_unavailable', message: 'The service is temporarily unavailable.', statusCode: 503 }), known)).toEqual({ apiKey: 'service_unavailable' });
    expect(searchFailure(reply(400, { error: 'invalid_name', message: 'The provided name is invalid', statusCode: 400 }), known)).toEqual({ message: 'The provided name is invalid' });
  });
  it('anything else says request_error', () => {
    expect(searchFailure(new Error('Unexpected token'), known)).toEqual({ key: 'request_error' });
    expect(searchFailure(null, known)).toEqual({ key: 'request_error' });
  });
});
