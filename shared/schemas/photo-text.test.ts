import { describe, expect, it } from 'vitest';
import { largeValuesLeftPerRun } from '../../tests/helpers/young-gc';
import { M } from '../messages';
import { PHOTO_MESSAGES } from '../photo-rules';
import { optionalPhoto, requiredPhoto } from './photo-text';
import { joinSchema } from './registrations';

// A phone's photo as the join page sends it: ~100 KB of JPEG is ~136 KB of base64 text, a value V8
// keeps in its large-object space. Each run gets a text of its own, as each request does.
const photoBytes = Buffer.alloc(100 * 1024, 0x5a);
const freshPhoto = () => photoBytes.toString('base64');

describe('the photo as sent', () => {
  it('leaves nothing photo-sized for the old generation once a parse is done', async () => {
    for (const schema of [requiredPhoto, optionalPhoto]) {
      const left = await largeValuesLeftPerRun(async () => {
        const r = await schema.safeParseAsync(`data:image/jpeg;base64,${freshPhoto()}`);
        expect(r.success).toBe(true);
      });
      expect(left, `bytes left per parse (a photo's text is ${freshPhoto().length})`).toBeLessThan(8 * 1024);
    }
  });

  it('leaves nothing photo-sized behind a whole join input either', async () => {
    const left = await largeValuesLeftPerRun(async (n) => {
      const r = await joinSchema.safeParseAsync({
        eventId: '0a9b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        token: `token-${n}-abcdefghijklmnopqrstuvwxyz`,
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: null,
        phone: null,
        headline: null,
        photo: freshPhoto(),
      });
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    });
    expect(left).toBeLessThan(8 * 1024);
  });

  it('still strips a data URL and keeps the messages', () => {
    const bare = freshPhoto();
    expect(requiredPhoto.parse(`data:image/png;base64,${bare}`)).toBe(bare);
    expect(optionalPhoto.parse(null)).toBeNull();
    expect(optionalPhoto.parse('')).toBeNull();
    expect(optionalPhoto.parse(bare)).toBe(bare);
    expect(requiredPhoto.safeParse('not base64!').error?.issues[0].message).toBe(PHOTO_MESSAGES.unsupported);
    expect(requiredPhoto.safeParse(null).error?.issues[0].message).toBe(M.attendees.photoRequired);
  });
});
