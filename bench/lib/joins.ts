import crypto from 'node:crypto';
import http from 'node:http';
import { wallNow } from './child';
import { sleep } from './stats';

/**
 * Join requests as the join page sends them: one POST of the tRPC mutation with the form and the photo
 * as base64 in the JSON body. Every request goes out from one of `localAddresses` (keep-alive agent per
 * address), so the server sees as many client IPs.
 *
 * A body is its form's JSON around the one photo's bytes, shared by every body and written as they are
 * (no 136 KB string made and encoded per join): the driver's CPU is taken from the servers it measures.
 */
export type JoinBody = { parts: Buffer[]; length: number };

/** The photo's base64 as the bytes every join body shares. */
export const photoPart = (photoBase64: string) => Buffer.from(photoBase64, 'latin1');

export function joinBody(eventId: string, photo: Buffer, n: number): JoinBody {
  const form = JSON.stringify({
    eventId,
    token: `bench-${crypto.randomUUID()}`,
    first_name: 'Guest',
    last_name: `Number${String.fromCharCode(65 + (n % 26))}`,
    email: `guest${n}@example.com`,
    phone: null,
    headline: 'Here for the keynote',
  });
  const parts = [Buffer.from(`${form.slice(0, -1)},"photo":"`), photo, Buffer.from('"}')];
  return { parts, length: parts.reduce((a, p) => a + p.length, 0) };
}

export type JoinResult = { ok: boolean; status: number; ms: number; id?: string; error?: string };

export function createJoiner(o: {
  url: string;
  path: string;
  localAddresses: string[];
  maxSocketsPerAddress?: number;
}) {
  const target = new URL(o.path, o.url);
  const agents = o.localAddresses.map(
    (localAddress) =>
      new http.Agent({ keepAlive: true, maxSockets: o.maxSocketsPerAddress ?? 64, localAddress } as http.AgentOptions),
  );
  let turn = 0;
  return {
    /** Sends one join; resolves (never rejects) with its status, latency and the new entry's id. */
    send(body: JoinBody, address = turn++): Promise<JoinResult> {
      const agent = agents[address % agents.length];
      const start = wallNow();
      return new Promise((resolve) => {
        const req = http.request(
          target,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const ms = wallNow() - start;
              const text = Buffer.concat(chunks).toString();
              const ok = res.statusCode === 200;
              let id: string | undefined;
              if (ok) {
                const m = /"id":"([0-9a-f-]{36})"/.exec(text);
                id = m?.[1];
              }
              resolve({ ok, status: res.statusCode ?? 0, ms, id, error: ok ? undefined : text.slice(0, 300) });
            });
          },
        );
        req.on('error', (err) => resolve({ ok: false, status: 0, ms: wallNow() - start, error: err.message }));
        req.cork();
        for (let i = 0; i < body.parts.length - 1; i++) req.write(body.parts[i]);
        req.end(body.parts[body.parts.length - 1]);
      });
    },
    close: () => {
      for (const a of agents) a.destroy();
    },
  };
}

/** `clients` closed loops, each sending its next join when the last one answered, for `ms`. */
export async function closedLoop(
  send: (n: number, client: number) => Promise<JoinResult>,
  clients: number,
  ms: number,
): Promise<{ results: JoinResult[]; elapsedMs: number }> {
  const results: JoinResult[] = [];
  let n = 0;
  const start = wallNow();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (wallNow() < end) results.push(await send(n++, c));
    }),
  );
  return { results, elapsedMs: wallNow() - start };
}

/**
 * Open loop (B2, B9): each body goes at its time (ms after the start) whatever became of the earlier
 * ones. `late` counts the joins the driver itself sent more than 50 ms after their time.
 */
export async function sendOnSchedule(
  joiner: ReturnType<typeof createJoiner>,
  bodies: JoinBody[],
  times: number[],
): Promise<{ pending: Promise<JoinResult>[]; late: number; start: number }> {
  const pending: Promise<JoinResult>[] = [];
  let late = 0;
  const start = wallNow();
  for (let n = 0; n < times.length; n++) {
    const wait = start + times[n] - wallNow();
    if (wait > 1) await sleep(wait);
    else if (wait < -50) late++;
    pending.push(joiner.send(bodies[n], n));
  }
  return { pending, late, start };
}
