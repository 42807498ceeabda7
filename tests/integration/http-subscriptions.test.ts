import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { eventForm } from '../helpers/factory';
import { tinyJpegBase64 } from '../helpers/images';
import { lw, organiser, setUpLiveWorld } from '../helpers/live-world';

// Subscriptions live on the WebSocket only, where the session is re-checked and ended (see
// tests/integration/ws-sessions.test.ts). An HTTP (server-sent events) stream would outlive a sign-out.

setUpLiveWorld();

async function read(res: Response, limitBytes = 64 * 1024) {
  const reader = res.body?.getReader();
  let text = '';
  while (reader && text.length < limitBytes) {
    const { done, value } = await reader.read();
    if (done) return { text, ended: true };
    text += new TextDecoder().decode(value);
    if (text.includes('"email"')) return { text, ended: false };
  }
  return { text, ended: false };
}

describe('subscriptions over HTTP', () => {
  it('are refused for the organiser and the public: no stream, no attendee data, the answer ends', async () => {
    const http = await organiser();
    const event = await http.trpc.events.create.mutate(eventForm({ name: 'Tech Night' }));
    const input = encodeURIComponent(JSON.stringify({ eventId: event.id, lastEventId: '0' }));
    for (const path of ['live.onOrganiserEvent', 'live.onEvent']) {
      const ac = new AbortController();
      const res = await fetch(`${lw.srv.url}/trpc/${path}?input=${input}`, {
        headers: { cookie: http.cookie(), accept: 'text/event-stream' },
        signal: ac.signal,
      });
      // a join made while the stream would be open must not reach it
      await lw.srv
        .client()
        .trpc.registrations.join.mutate({
          eventId: event.id,
          token: crypto.randomUUID(),
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          phone: null,
          headline: null,
          photo: await tinyJpegBase64(),
        })
        .catch(() => undefined);
      const body = await read(res);
      ac.abort();
      expect(res.status).toBe(405);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(body.ended).toBe(true);
      expect(body.text).not.toContain('grace@example.com');
      expect(JSON.parse(body.text).error.message).toBe(M.common.subscriptionsOverWebSocket);
    }
  });
});
