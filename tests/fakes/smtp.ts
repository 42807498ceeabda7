import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what it receives (accepts any login). `refuse(n)` answers the
 * next n messages with a temporary failure (451), as a busy or unreachable relay would.
 */
export async function startFakeSmtp() {
  const received: Received[] = [];
  let refusing = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          refused += 1;
          return cb(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://user:pass@127.0.0.1:${port}`,
    received,
    refuse: (n = Number.POSITIVE_INFINITY) => {
      refusing = n;
    },
    /** How many messages were refused so far. */
    refused: () => refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
