import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PAYMENTS } from '#shared/constants';

export const FAKE_STRIPE_KEYS = { secret: 'sk_test_fake_roomlist', webhook: 'whsec_fake_roomlist' };

type Nested = { [k: string]: string | Nested };

/** Stripe's form encoding (`line_items[0][price_data][currency]=gbp`) back into nested objects. */
export function parseStripeForm(body: string): Nested {
  const out: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    for (const part of path.slice(0, -1)) {
      if (typeof node[part] !== 'object') node[part] = {};
      node = node[part] as Nested;
    }
    node[path[path.length - 1]] = value;
  }
  return out;
}

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};

/**
 * Stripe's Checkout Sessions API on loopback, as stripe-node calls it: POST /v1/checkout/sessions
 * (form-encoded; each request kept for assertions), GET /v1/checkout/sessions/{id}. `markPaid` plays
 * the payer; `state.failWith` answers every call with that status, `state.unreachable` drops the
 * connection. `webhook` builds an event signed with the webhook secret, as Stripe sends it.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const state = {
    /** Every create request, parsed from the form. */
    created: [] as Nested[],
    /** How many requests reached the fake (retries included). */
    hits: 0,
    failWith: null as number | null,
    unreachable: false,
  };

  const server = http.createServer(async (req, res) => {
    state.hits += 1;
    if (state.unreachable) {
      req.socket.destroy();
      return;
    }
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${crypto.randomUUID()}` });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type = 'invalid_request_error') =>
      send(status, { error: { type, message } });
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secret}`) {
      return error(401, 'Invalid API Key provided');
    }
    if (state.failWith) return error(state.failWith, 'The fake is told to fail', 'api_error');
    const u = new URL(req.url ?? '/', base());

    if (req.method === 'POST' && u.pathname === '/v1/checkout/sessions') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      state.created.push(form);
      const item = (form.line_items as Nested)?.['0'] as Nested | undefined;
      const price = item?.price_data as Nested | undefined;
      if (!price || !form.success_url || !form.cancel_url || !form.mode) return error(400, 'Missing parameters');
      const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `${base()}/pay/${id}`,
        mode: String(form.mode),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount) * Number(item?.quantity ?? 1),
        currency: String(price.currency),
        metadata: (form.metadata ?? {}) as Record<string, string>,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
      };
      sessions.set(id, session);
      return send(200, session);
    }

    const m = u.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'GET' && m) {
      const session = sessions.get(decodeURIComponent(m[1]));
      return session ? send(200, session) : error(404, `No such checkout.session: '${m[1]}'`);
    }
    error(404, 'Unrecognized request URL');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = () => `http://127.0.0.1:${port}`;

  return {
    url: base(),
    state,
    sessions,
    /** The variables that put the app in stripe mode against this fake. */
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secret,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhook,
      STRIPE_API_URL: base(),
    },
    /** The payer completed the checkout. */
    markPaid(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no fake session ${id}`);
      Object.assign(s, { status: 'complete', payment_status: 'paid' });
      return s;
    },
    /** A session as if created elsewhere (e.g. to test retrieval without a create). */
    put(session: Partial<FakeSession> & { id: string }) {
      const s = { ...defaults(base(), session.id), ...session };
      sessions.set(s.id, s);
      return s;
    },
    /** An event body and its Stripe-Signature header (signed with `secret`, the configured one by default). */
    webhook(
      type: string,
      sessionId: string,
      o: { eventId?: string; secret?: string; timestamp?: number } = {},
    ): { body: string; signature: string; eventId: string } {
      const eventId = o.eventId ?? `evt_${crypto.randomBytes(12).toString('hex')}`;
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: sessions.get(sessionId) ?? { id: sessionId, object: 'checkout.session' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: o.secret ?? FAKE_STRIPE_KEYS.webhook,
        ...(o.timestamp ? { timestamp: o.timestamp } : {}),
      });
      return { body, signature, eventId };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function defaults(base: string, id: string): FakeSession {
  return {
    id,
    object: 'checkout.session',
    url: `${base}/pay/${id}`,
    mode: 'payment',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: 0,
    currency: 'gbp',
    metadata: {},
    success_url: 'http://localhost/success',
    cancel_url: 'http://localhost/cancel',
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** POSTs a webhook delivery to the app as Stripe does (no Origin, no cookies). */
export function deliverWebhook(appUrl: string, w: { body: string; signature?: string }) {
  return fetch(`${appUrl}${PAYMENTS.WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(w.signature ? { 'stripe-signature': w.signature } : {}),
    },
    body: w.body,
  });
}
