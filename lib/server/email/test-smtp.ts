/**
 * A tiny SMTP server on a free loopback port for tests (no TLS, no auth): it records every
 * message it accepts, or refuses recipients with 550 while `refuse` is true.
 */
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The DATA section as received (CRLF line ends, dot-stuffing undone, no final dot). */
  data: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  refuse: boolean;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const state = { refuse: false };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else current.data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-test\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          if (state.refuse) reply('550 No such user here');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
