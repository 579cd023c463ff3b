/**
 * The embedded PGlite database served over the Postgres wire protocol on 127.0.0.1.
 * Only one process may open a data directory; everything else connects through the socket.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens `dataDir` (or memory when `'memory://'`) and serves it on `port` (0 = any free port).
 * @returns the connection URL and a stop function.
 */
export async function startEmbeddedDb(dataDir: string, port: number): Promise<EmbeddedDb> {
  const memory = dataDir.startsWith('memory://');
  if (!memory) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const db = await PGlite.create(memory ? dataDir : path.resolve(dataDir));
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 16 });
  await server.start();
  const conn = server.getServerConn(); // "127.0.0.1:PORT"
  return {
    url: `postgres://postgres:postgres@${conn}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
