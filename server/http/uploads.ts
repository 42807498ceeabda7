import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';
import type { Deps } from '../deps';
import { ImageRejected } from '../features/storage/images';
import { PHOTOS_URL_PREFIX, type Storage, UPLOADS_URL_PREFIX } from '../features/storage/storage';
import { notFound } from './not-found';

const YEAR_S = 365 * 24 * 3600;

/** The JSON error body: `error` is the spec's full text, `title`/`description` split it for a toast. */
const rejected = (e: ImageRejected) => ({ error: e.message, title: e.title, description: e.description });

/**
 * spec §5 sponsor logo: POST /api/uploads/logo with the raw file bytes as the body (any content type:
 * the bytes decide). Answers { url } or 400 { error }. Signed-in users only; the session is checked
 * before the body is read. The same-origin guard runs in front (express-app.ts).
 */
export function uploadRoutes(deps: Deps) {
  const r = express.Router();

  const requireUser = async (req: Request, res: Response, next: NextFunction) => {
    const auth = await deps.sessions.fromCookieHeader(req.headers.cookie);
    if (!auth) {
      res.status(401).json({ error: M.eventForm.authRequired });
      return;
    }
    const limit = await deps.limits.logoUpload.attempt([`upload:user:${auth.user.id}`]);
    if (limit.refused) {
      res.status(429).json(rejected(new ImageRejected(M.eventForm.uploadFailedTitle, M.auth.rateLimited)));
      return;
    }
    res.locals.userId = auth.user.id;
    next();
  };

  r.post(
    '/api/uploads/logo',
    requireUser,
    express.raw({ type: () => true, limit: IMAGES.LOGO_UPLOAD_MAX_BYTES }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const logo = await deps.images.processLogo(body);
        const url = await deps.storage.put(logo.bytes, logo.ext);
        deps.log.info({ userId: res.locals.userId, url, bytes: logo.bytes.length }, 'sponsor logo stored');
        res.json({ url });
      } catch (err) {
        if (err instanceof ImageRejected) res.status(400).json(rejected(err));
        else next(err);
      }
    },
  );

  r.use('/api/uploads', (err: Error & { type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (err.type !== 'entity.too.large') return next(err);
    res.status(413).json(rejected(new ImageRejected(M.eventForm.uploadTooLargeTitle, M.eventForm.uploadTooLargeBody)));
  });
  return r;
}

// An attendee photo is personal data, erased two working days after the event: no shared cache may
// keep it, and the browser asks again each time (so an erased photo answers 404 everywhere).
const PHOTO_CACHE = 'private, no-cache';
const CONTENT_CACHE = `public, max-age=${YEAR_S}, immutable`;

/**
 * GET /uploads/*: content-addressed names never change, so they are cached for a year. Anything else
 * is a bare 404 (never the SPA, never a path).
 */
export function serveUploads(dir: string) {
  const r = express.Router();
  r.use(
    '/photos',
    express.static(path.join(dir, 'photos'), {
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', PHOTO_CACHE);
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    }),
    notFound,
  );
  r.use(
    express.static(dir, {
      index: false,
      dotfiles: 'ignore',
      immutable: true,
      maxAge: YEAR_S * 1000,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
    notFound,
  );
  return r;
}

/**
 * GET /uploads/* from object storage (S3_BUCKET set): the same URLs and headers as from disk, read
 * through the app so the bucket stays private. A name storage does not make is a bare 404.
 */
export function serveStoredUploads(storage: Storage) {
  const r = express.Router();
  r.get(/.*/, async (req: Request, res: Response, next: NextFunction) => {
    const url = `${UPLOADS_URL_PREFIX}${req.path.slice(1)}`;
    const ext = path.extname(url).slice(1);
    let bytes: Buffer | undefined;
    try {
      bytes = await storage.get(url);
    } catch (err) {
      return next(err);
    }
    if (!bytes || (ext !== 'jpg' && ext !== 'png')) return next();
    res.setHeader('Cache-Control', url.startsWith(PHOTOS_URL_PREFIX) ? PHOTO_CACHE : CONTENT_CACHE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(ext);
    res.send(bytes);
  });
  r.use(notFound);
  return r;
}
