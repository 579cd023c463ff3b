/**
 * Live timing under /ll/api/v1/livelaps/live (spec §1 live laps, §2 /liveonlivelaps and the
 * live race page; issue 10 "Live pages"): the sessions running now, a live race's board, and its
 * Server-Sent Events stream. Shapes are the contracts of lib/contracts/live.ts (times in ms).
 * Errors are codes (spec §8): 400 `invalid_id` for a malformed race id, 404 `not_found` for a
 * race that is unknown, hidden (race, event or promoter not public) or was never live.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { liveBoard, liveRow, liveSession, LIVE_EVENTS } from '../../../contracts/live';
import { raceClock } from '../../../contracts/results';
import { getLiveBoard, getLiveRaceHead, listLiveSessions } from '../../live';
import { liveHub } from '../../timing/live/sse';
import { ErrorSchema, idParam, notFound, validationHook } from '../errors';
import { json } from '../kit';
import { named } from '../openapi';

const RaceClock = named(raceClock, 'RaceClock');
const LiveRow = named(liveRow, 'LiveRow');
const LiveBoard = named(liveBoard.extend({ clock: RaceClock.nullable(), rows: z.array(LiveRow) }), 'LiveBoard', {
  description: 'A live race: rows in position order; gapMs/diffMs in ms between cars on the same lap, gapLaps laps behind the leader, change = positions gained (+) or lost (−) on the last lap',
});
const LiveSession = named(liveSession.extend({ clock: RaceClock.nullable() }), 'LiveSession');

const errors = {
  400: json(ErrorSchema, '`invalid_id`: the race id is malformed'),
  404: json(ErrorSchema, '`not_found`: no such race, it is not public, or it never had live timing'),
};

/** A viewer whose unread events pass this many bytes is let go (it reconnects by itself). */
const MAX_QUEUED_BYTES = 1024 * 1024;

/** No cache, no compression (a compressing proxy or Next would hold events back), no proxy buffering. */
const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/** The live sub-app (mounted at /ll/api/v1/livelaps). */
export function liveRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/live/sessions',
      summary: 'The sessions running now, newest change first',
      description:
        'Spec §2 /liveonlivelaps, §1 live laps. `{ data: LiveSession[] }`: each live race of a public event with its event, location, clock (flag, laps to go, time to go in ms), cars on the board, leader (number, name) and last change (ISO time). Empty when nothing runs.',
      responses: { 200: json(z.object({ data: z.array(LiveSession) }), 'The sessions running now') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await listLiveSessions() }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/live/race/{id}',
      summary: 'A live race’s board (the snapshot of what the stream carries)',
      description:
        'Spec §1 live laps, §2 the live race page. The board of a race that is live or whose live session ended (`state` live | finished): flag and time or laps to go from the last `$F`, rows by position with last and best lap, gap and diff (ms, same lap), laps behind, position change on the last lap; `seq` grows with every change (the SSE event id). 400 `invalid_id`; 404 `not_found` for an unknown, hidden or never-live race.',
      request: { params: z.object({ id: idParam('race') }) },
      responses: { 200: json(LiveBoard, 'The board'), ...errors },
    }),
    async (c) => {
      const board = await getLiveBoard(c.req.valid('param').id);
      if (!board) notFound('Race not found');
      c.header('Cache-Control', 'no-store');
      return c.json(board, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/live/race/{id}/stream',
      summary: 'The live race’s Server-Sent Events',
      description: [
        'Spec §1 live laps, §2 the live race page. `text/event-stream`, unbuffered (`Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no`):',
        '`retry: 2000` on connect; `standings` events (id = seq, data = LiveBoard JSON) at once and after every change of the rows;',
        '`clock` events (id = seq, data `{ "raceId", "seq", "clock" }`: flag, laps or time to go in ms) when only the clock changed, at most once a second;',
        '`end` (data `{ "raceId" }`) when the session ended (or its feed stopped writing for 15 min), then the stream closes; a `: ping` comment every 15 s.',
        `Events: ${LIVE_EVENTS.join(', ')}. A reconnecting client sends \`Last-Event-ID\`: the board is not sent again when it is still current.`,
        '400 `invalid_id`; 404 `not_found` for an unknown, hidden or never-live race.',
      ].join(' '),
      request: {
        params: z.object({ id: idParam('race') }),
        query: z.object({
          lastEventId: z
            .string()
            .max(20)
            .optional()
            .openapi({ example: '42', description: 'The seq the client already shows (its first connection; reconnections send the `Last-Event-ID` header, which wins)' }),
        }),
      },
      responses: {
        200: { content: { 'text/event-stream': { schema: z.string() } }, description: 'The event stream' },
        ...errors,
      },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      if (!(await getLiveRaceHead(id))) notFound('Race not found');
      const lastEventId = c.req.header('Last-Event-ID') ?? c.req.valid('query').lastEventId ?? null;
      // The hub writes whole, already encoded frames: a plain stream carries them (Hono's
      // streamSSE adds two web streams per viewer, 3–5× the cost of a 1,000-viewer fan-out).
      let off: (() => void) | null = null;
      const stop = () => {
        off?.();
        off = null;
      };
      const body = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            const end = () => {
              stop();
              try {
                controller.close();
              } catch {
                // already closed or cancelled
              }
            };
            off = liveHub().subscribe(
              id,
              (frame) => {
                // A viewer that stopped reading: let it go (its browser reconnects with Last-Event-ID).
                if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return end();
                controller.enqueue(frame.bytes);
              },
              { lastEventId, onEnd: end },
            );
            c.req.raw.signal?.addEventListener('abort', end, { once: true });
          },
          cancel: stop,
        },
        new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
      );
      return c.body(body, 200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', ...STREAM_HEADERS }) as never;
    },
  );

  return app;
}
