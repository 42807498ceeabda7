import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../tests/helpers/server';
import { oldValuesLeftPerRun } from '../../tests/helpers/young-gc';
import { createExpressServer } from './express-server';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** GET `path` on a keep-alive agent, the body read to its end. */
function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('the HTTP server of the Express app', () => {
  it('makes requests and responses with Express’s prototypes, before Express sees them', async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.json({ ok: true });
    });
    const server = createExpressServer(app);
    const seen: boolean[] = [];
    server.prependListener('request', (req, res) =>
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const agent = new http.Agent({ keepAlive: true });
    stops.push(async () => agent.destroy());
    const status = await get(agent, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect([status, ...seen]).toEqual([200, true, true]);
  });

  // Each request's values used to reach the old generation (~15 KB per /healthz), so that a rush of
  // joins filled it and brought full collections into the rush (docs/decisions/0025).
  it('lets a request’s values die young: little of a finished request reaches the old generation', async () => {
    const s = await startTestServer();
    stops.push(() => s.stop());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => agent.destroy());
    for (let n = 0; n < 20; n++) expect(await get(agent, `${s.url}/healthz`)).toBe(200);
    const left = await oldValuesLeftPerRun(() => get(agent, `${s.url}/healthz`));
    expect(left).toBeLessThan(8 * 1024);
  });
});
