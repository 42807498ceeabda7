import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeProfile = {
  given_name?: string;
  family_name?: string;
  name?: string;
  email?: string;
  /** Path on the fake (`/picture.jpg`) or a full URL; undefined: no picture. */
  picture?: string;
};

export const FAKE_LINKEDIN_CLIENT = { id: 'fake-linkedin-client', secret: 'fake-linkedin-secret' };

/** A JPEG from a phone: a GPS position and a description in its EXIF (what the pipeline must strip). */
export const gpsJpeg = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: '#0a66c2' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'linkedin-secret-place', Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .toBuffer();

/**
 * LinkedIn's OpenID Connect on loopback: /oauth/v2/authorization redirects back with a code and the
 * state (or, with `hold`, shows a page that never answers, as a person who has not decided yet),
 * /oauth/v2/accessToken checks the client credentials, the code (once) and its redirect_uri,
 * /v2/userinfo checks the bearer token, /picture.jpg serves a JPEG with GPS EXIF.
 */
export async function startFakeLinkedIn() {
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const tokens = new Set<string>();
  const state = {
    profile: {
      given_name: 'Grace',
      family_name: 'Hopper',
      email: 'Grace.Hopper@Example.com',
      picture: '/picture.jpg',
    } as FakeProfile,
    picture: await gpsJpeg(),
    userinfoStatus: 200,
    hold: false,
    /** Every call to the token endpoint, for assertions on what the server sent. */
    tokenRequests: [] as URLSearchParams[],
  };

  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', base());
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };

    if (req.method === 'GET' && u.pathname === '/oauth/v2/authorization') {
      const q = u.searchParams;
      const redirect = q.get('redirect_uri');
      if (!redirect) return send(400, 'redirect_uri missing', 'text/plain');
      const back = new URL(redirect);
      const scopes = (q.get('scope') ?? '').split(' ');
      if (
        q.get('response_type') !== 'code' ||
        q.get('client_id') !== FAKE_LINKEDIN_CLIENT.id ||
        !['openid', 'profile', 'email'].every((s) => scopes.includes(s))
      ) {
        back.searchParams.set('error', 'invalid_request');
      } else if (state.hold) {
        return send(200, '<!doctype html><title>LinkedIn (fake)</title><p>Sign in to LinkedIn</p>', 'text/html');
      } else {
        const code = crypto.randomBytes(24).toString('base64url');
        codes.set(code, { redirectUri: redirect, used: false });
        back.searchParams.set('code', code);
      }
      if (q.has('state')) back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (req.method === 'POST' && u.pathname === '/oauth/v2/accessToken') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      state.tokenRequests.push(form);
      if (
        form.get('client_id') !== FAKE_LINKEDIN_CLIENT.id ||
        form.get('client_secret') !== FAKE_LINKEDIN_CLIENT.secret
      ) {
        return send(401, { error: 'invalid_client' });
      }
      const issued = codes.get(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code' || !issued || issued.used) {
        return send(400, { error: 'invalid_grant' });
      }
      issued.used = true;
      if (issued.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_redirect_uri' });
      const token = crypto.randomBytes(24).toString('base64url');
      tokens.add(token);
      return send(200, { access_token: token, expires_in: 3600, scope: 'openid,profile,email', token_type: 'Bearer' });
    }

    if (req.method === 'GET' && u.pathname === '/v2/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(token)) return send(401, { message: 'Invalid access token' });
      if (state.userinfoStatus !== 200) return send(state.userinfoStatus, { message: 'broken' });
      const p = state.profile;
      return send(200, {
        sub: 'fake-sub-1',
        name: p.name ?? [p.given_name, p.family_name].filter(Boolean).join(' '),
        ...p,
        picture: p.picture?.startsWith('/') ? `${base()}${p.picture}` : p.picture,
        email_verified: true,
        locale: { country: 'GB', language: 'en' },
      });
    }

    if (req.method === 'GET' && u.pathname === '/picture.jpg') return send(200, state.picture, 'image/jpeg');
    send(404, { error: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = () => `http://127.0.0.1:${port}`;

  return {
    url: base(),
    state,
    /** The variables that point the app at this fake. */
    env: {
      LINKEDIN_CLIENT_ID: FAKE_LINKEDIN_CLIENT.id,
      LINKEDIN_CLIENT_SECRET: FAKE_LINKEDIN_CLIENT.secret,
      LINKEDIN_AUTH_URL: `${base()}/oauth/v2/authorization`,
      LINKEDIN_TOKEN_URL: `${base()}/oauth/v2/accessToken`,
      LINKEDIN_USERINFO_URL: `${base()}/v2/userinfo`,
    },
    /** What a person approving in the popup gets: a code issued for `redirectUri`. */
    async code(redirectUri: string): Promise<string> {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: FAKE_LINKEDIN_CLIENT.id,
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state: 's',
      });
      const res = await fetch(`${base()}/oauth/v2/authorization?${q}`, { redirect: 'manual' });
      const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
      if (!code) throw new Error('the fake issued no code');
      return code;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeLinkedIn = Awaited<ReturnType<typeof startFakeLinkedIn>>;
