import { z } from 'zod';
import { LIMITS, LINKEDIN, PHOTOS } from '#shared/constants';
import type { LinkedInProfile } from '#shared/schemas/linkedin';
import type { LinkedInSettings } from '../../config';
import type { Log } from '../../lib/log';
import type { PhotoProcessor } from '../storage/photos';

// LinkedIn's OpenID Connect, server side (spec §7 LinkedIn, linkedin-auth): the code the popup brought
// back is exchanged here with the client secret, userinfo is read with the token, and the picture is
// fetched and put through the attendee photo pipeline. Every call has a timeout and a size cap; none
// runs inside a database transaction.

/** LinkedIn (or the network to it) did not give what the import needs. The message is for the log only. */
export class LinkedInError extends Error {
  override name = 'LinkedInError';
}

const JSON_MAX_BYTES = 64 * 1024; // token and userinfo answers are a few hundred bytes

/** fetch with LINKEDIN.HTTP_TIMEOUT_MS over the whole exchange, body included. */
async function request(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(LINKEDIN.HTTP_TIMEOUT_MS) });
  } catch (err) {
    throw new LinkedInError(`${new URL(url).host} unreachable: ${(err as Error).name}`);
  }
}

/** The body, refused as soon as it passes `max` bytes (a declared or an actual length). */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) {
    await res.body?.cancel();
    throw new LinkedInError(`answer of ${declared} bytes is over ${max}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      size += r.value.byteLength;
      if (size > max) throw new LinkedInError(`answer is over ${max} bytes`);
      chunks.push(Buffer.from(r.value));
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    if (err instanceof LinkedInError) throw err;
    throw new LinkedInError(`answer cut short: ${(err as Error).name}`);
  }
  return Buffer.concat(chunks);
}

async function readJson(res: Response, what: string): Promise<unknown> {
  if (!res.ok) {
    await res.body?.cancel();
    throw new LinkedInError(`${what} answered ${res.status}`);
  }
  try {
    return JSON.parse((await readCapped(res, JSON_MAX_BYTES)).toString('utf8'));
  } catch (err) {
    if (err instanceof LinkedInError) throw err;
    throw new LinkedInError(`${what} answered something that is not JSON`);
  }
}

const tokenSchema = z.object({ access_token: z.string().min(1) });
const userinfoSchema = z.object({
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email: z.string().optional(),
  picture: z.string().optional(),
});
type Userinfo = z.infer<typeof userinfoSchema>;

/** The authorisation code for an access token (client id and secret in the form body, as LinkedIn takes them). */
export async function exchangeCode(s: LinkedInSettings, code: string, redirectUri: string): Promise<string> {
  const res = await request(s.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: s.clientId,
      client_secret: s.clientSecret,
    }),
  });
  const parsed = tokenSchema.safeParse(await readJson(res, 'token endpoint'));
  if (!parsed.success) throw new LinkedInError('token endpoint gave no access_token');
  return parsed.data.access_token;
}

export async function fetchUserinfo(s: LinkedInSettings, accessToken: string): Promise<Userinfo> {
  const res = await request(s.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const parsed = userinfoSchema.safeParse(await readJson(res, 'userinfo endpoint'));
  if (!parsed.success) throw new LinkedInError('userinfo endpoint answered an unexpected shape');
  return parsed.data;
}

/**
 * The profile picture as the join form's photo: fetched (http(s) only, capped, timed), then decoded,
 * EXIF stripped and re-encoded by processPhoto like an upload. Returned as a JPEG data URL, so the
 * server keeps nothing for a person who may never join; the join decodes it again like any photo.
 */
export async function fetchPicture(url: string, processPhoto: PhotoProcessor): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LinkedInError('picture is not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new LinkedInError('picture is not http(s)');
  if (parsed.username || parsed.password) throw new LinkedInError('picture URL carries credentials');
  const res = await request(parsed.href, { headers: { accept: 'image/*' } });
  if (!res.ok) {
    await res.body?.cancel();
    throw new LinkedInError(`picture answered ${res.status}`);
  }
  const bytes = await readCapped(res, LINKEDIN.PICTURE_MAX_BYTES);
  const photo = await processPhoto(bytes).catch(() => {
    throw new LinkedInError('picture is not a usable image');
  });
  const base64 = photo.bytes.toString('base64');
  if (base64.length > PHOTOS.BASE64_MAX) throw new LinkedInError('picture is too large for a join');
  return `data:image/jpeg;base64,${base64}`;
}

const EMAIL_MAX = 254;
const clean = (v: string | undefined) => (v ?? '').trim().slice(0, LIMITS.NAME_PATTERN_MAX);

/** spec §3 LinkedIn import result from userinfo; a name only in `name` is split at its first space. */
export function toProfile(u: Userinfo, picture: string | null): LinkedInProfile {
  const [first = '', ...rest] = (u.name ?? '').trim().split(/\s+/);
  const email = (u.email ?? '').trim().toLowerCase();
  return {
    firstName: clean(u.given_name || first),
    lastName: clean(u.family_name || rest.join(' ')),
    email: email.length <= EMAIL_MAX && z.regexes.email.test(email) ? email : null,
    profilePicture: picture,
  };
}

/** Code → token → userinfo → picture. A picture that cannot be used is left out, not a failed import. */
export async function importProfile(
  s: LinkedInSettings,
  log: Log,
  processPhoto: PhotoProcessor,
  input: { code: string; redirectUri: string },
): Promise<LinkedInProfile> {
  const token = await exchangeCode(s, input.code, input.redirectUri);
  const info = await fetchUserinfo(s, token);
  let picture: string | null = null;
  if (info.picture) {
    picture = await fetchPicture(info.picture, processPhoto).catch((err: unknown) => {
      log.warn({ reason: (err as Error).message }, 'linkedin picture left out');
      return null;
    });
  }
  return toProfile(info, picture);
}
