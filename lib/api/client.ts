/**
 * Typed client for the JSON API (/ll/api/v1), for client components through TanStack Query.
 * Errors become `ApiClientError` with the API's message (spec §8: network_error when no
 * response, request_error otherwise, the server message when present).
 */
import axios, { isAxiosError } from 'axios';
import type { RaceResults } from '@/lib/contracts/results';

export type { RaceResults };

export const api = axios.create({ baseURL: '/ll/api/v1', timeout: 10_000, headers: { Accept: 'application/json' } });

export class ApiClientError extends Error {
  constructor(
    readonly code: 'network_error' | 'request_error',
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

function toClientError(err: unknown): ApiClientError {
  if (isAxiosError(err)) {
    if (!err.response) return new ApiClientError('network_error', err.message, null);
    const data = err.response.data as { message?: unknown } | undefined;
    const message = typeof data?.message === 'string' ? data.message : err.message;
    return new ApiClientError('request_error', message, err.response.status);
  }
  return new ApiClientError('request_error', err instanceof Error ? err.message : String(err), null);
}

/** GET livelaps/race/results/{id} */
export async function fetchRaceResults(raceId: number): Promise<RaceResults> {
  try {
    const { data } = await api.get<{ message: RaceResults }>(`/livelaps/race/results/${raceId}`);
    return data.message;
  } catch (err) {
    throw toClientError(err);
  }
}
