import http from 'node:http';

export type Ack = { status: number; id?: string; body: string };

/** One join as the join page posts it, on `agent` (keep-alive); never rejects (status 0: no answer). */
export function joinOnce(agent: http.Agent, url: string, eventId: string, photo: string, n: number): Promise<Ack> {
  const body = JSON.stringify({
    eventId,
    token: `join-${crypto.randomUUID()}`,
    first_name: 'Guest',
    last_name: `Number${n}`,
    email: null,
    phone: null,
    headline: null,
    photo,
  });
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/trpc/registrations.join`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, id: /"id":"([0-9a-f-]{36})"/.exec(text)?.[1], body: text }),
        );
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

/**
 * `clients` phones joining as fast as the server answers, each on its own keep-alive connection from its
 * own loopback address (127.0.0.2, .3, …: the per-IP join ceiling is sized for a venue, not for one test
 * process posing as a crowd), until `stop()`. `acked` holds the ids the server acknowledged; `refused`
 * every other answer.
 */
export function joinLoops(o: { url: () => string; eventId: string; photo: string; clients: number }) {
  const acked: string[] = [];
  const refused: Ack[] = [];
  let stopped = false;
  let n = 0;
  const loops = Array.from({ length: o.clients }, async (_, i) => {
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: 1,
      localAddress: `127.0.0.${2 + i}`,
    } as http.AgentOptions);
    while (!stopped) {
      const ack = await joinOnce(agent, o.url(), o.eventId, o.photo, n++);
      if (ack.status === 200 && ack.id) acked.push(ack.id);
      else {
        if (ack.status !== 0) refused.push(ack);
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    agent.destroy();
  });
  return {
    acked,
    refused,
    /** Resolves once at least `n` joins were acknowledged. */
    async until(count: number) {
      while (acked.length < count) await new Promise((r) => setTimeout(r, 10));
    },
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
