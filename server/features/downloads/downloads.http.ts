import express from 'express';
import { M } from '#shared/messages';
import type { Deps } from '../../deps';
import { DOWNLOAD_PATH, type PreparedFile } from './prepared-files';

const KEY = /^[a-z0-9]{32}$/;

/**
 * GET /api/downloads/{key}: the file downloads.prepare built, as an attachment. The key is the only
 * credential (random, 160 bits, minutes-long); /api answers are already Cache-Control: no-store.
 */
export function downloadRoutes(deps: Deps) {
  const router = express.Router();
  router.get(`${DOWNLOAD_PATH}:key`, async (req, res, next) => {
    let file: PreparedFile | undefined;
    try {
      file = KEY.test(req.params.key) ? await deps.preparedFiles.get(req.params.key) : undefined;
    } catch (err) {
      return next(err);
    }
    if (!file) {
      res.status(404).json({ error: M.downloads.failed });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.attachment(file.fileName);
    res.type(file.contentType);
    res.send(file.bytes);
  });
  return router;
}
