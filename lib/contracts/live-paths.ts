/**
 * The live API's paths (relative to /ll/api/v1; spec §1 live laps), apart from the schemas of
 * ./live.ts so that the browser's stream code does not load zod (issue 23).
 */
export const livePaths = {
  sessions: '/livelaps/live/sessions',
  board: (raceId: number) => `/livelaps/live/race/${raceId}`,
  stream: (raceId: number) => `/livelaps/live/race/${raceId}/stream`,
} as const;
