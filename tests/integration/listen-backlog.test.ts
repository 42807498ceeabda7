import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTEN } from '#server/constants';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';

// After a restart every phone and screen of a venue reconnects at once. While the server's event loop
// cannot accept them (here: the process stopped with SIGSTOP, as a busy loop would be), the kernel
// completes each handshake and holds the connection in the listen queue; past that queue it drops the
// SYN, and the phone tries again only 1, 3, 7… s later (README "Limits", bench B4's restart). Node's
// default queue holds 511.
const BURST = 1_000;
const SOMAXCONN = '/proc/sys/net/core/somaxconn';
// Linux caps every listen queue at net.core.somaxconn (4,096 by default since 5.4)
const kernelAllows = fs.existsSync(SOMAXCONN) && Number(fs.readFileSync(SOMAXCONN, 'utf8')) > BURST;

const toClose: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of toClose.splice(0).reverse()) await c();
});

describe.skipIf(!kernelAllows)('listen queue', () => {
  it(`holds a burst of ${BURST} connections made while the server cannot accept, and serves them after`, async () => {
    expect(LISTEN.BACKLOG).toBeGreaterThan(BURST);
    const { dataDir } = await dataDirWithEvent();
    toClose.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    toClose.push(server.kill);
    const url = new URL(await server.url());

    server.child.kill('SIGSTOP');
    toClose.push(() => server.child.kill('SIGCONT'));
    let connected = 0;
    const sockets = Array.from({ length: BURST }, () =>
      net.connect({ host: url.hostname, port: Number(url.port) }, () => connected++).on('error', () => {}),
    );
    toClose.push(() => {
      for (const s of sockets) s.destroy();
    });
    // The handshakes are the kernel's: no process runs for them. A refused one is dropped, not failed,
    // so the wait below is only a backstop for a count that stops short.
    for (let waited = 0; connected < BURST && waited < 30_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(connected).toBe(BURST);

    server.child.kill('SIGCONT');
    // one of the held connections asks for a page once the server runs again
    const held = sockets[BURST - 1];
    const answer = new Promise<string>((resolve) => {
      let text = '';
      held.on('data', (d) => {
        text += d;
        if (text.includes('\r\n')) resolve(text.slice(0, text.indexOf('\r\n')));
      });
    });
    held.write(`GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    expect(await answer).toBe('HTTP/1.1 200 OK');
  });
});
