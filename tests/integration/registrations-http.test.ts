import fs from 'node:fs';
import path from 'node:path';
import { TRPCClientError } from '@trpc/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS } from '#shared/constants';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { insertBareEvent } from '../helpers/bare-event';
import { startTestServer, type TestServer } from '../helpers/server';

// The join over real HTTP: a photo as large as the schema allows fits the 1 MiB tRPC body, is stored as
// an owner-only file under DATA_DIR/uploads/photos and is served from /uploads.

let server: TestServer;
let eventId: string;

beforeAll(async () => {
  server = await startTestServer();
  // A bare owner and event straight in the real database file (sign-up is not what is under test here).
  ({ eventId } = await insertBareEvent(server.deps.db, new Date().toISOString(), {
    venue: 'Hall',
    event_date: '2099-01-01',
  }));
});
afterAll(() => server.stop());

const form = (photo: string) => ({
  eventId,
  token: crypto.randomUUID(),
  first_name: 'Grace',
  last_name: 'Hopper',
  photo,
});

describe('join over HTTP', () => {
  it('takes a photo at the size cap through the 1 MiB body limit and serves the stored file', async () => {
    // A real JPEG padded after its end marker (decoders ignore trailing bytes) to just under the cap.
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer();
    const bytes = Buffer.concat([jpeg, Buffer.alloc(Math.floor((PHOTOS.BASE64_MAX / 4) * 3) - jpeg.length - 3)]);
    const photo = `data:image/jpeg;base64,${bytes.toString('base64')}`;
    expect(photo.length).toBeGreaterThan(PHOTOS.BASE64_MAX - 10);

    const { trpc } = server.client();
    const r = await trpc.registrations.join.mutate(form(photo));
    expect(r.photo_url).toMatch(/^\/uploads\/photos\/.+\.jpg$/);
    const file = path.join(server.dataDir, r.photo_url!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const res = await fetch(`${server.url}${r.photo_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    // personal data: no shared cache keeps it past its erasure (logos, content-addressed, stay immutable)
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const missing = await fetch(`${server.url}/uploads/photos/nobody-abc.jpg`);
    expect([missing.status, await missing.text()]).toEqual([404, '{"error":"Not found"}']);
    const served = Buffer.from(await res.arrayBuffer());
    const m = await sharp(served).metadata();
    expect([m.format, m.width, m.height]).toEqual(['jpeg', 800, 600]);
  });

  it('answers a photo over the cap with the spec "File too large" text', async () => {
    const { trpc } = server.client();
    const err = await trpc.registrations.join.mutate(form('A'.repeat(PHOTOS.BASE64_MAX + 4))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<never>).message).toBe(PHOTO_MESSAGES.tooLarge);
  });
});
