import express from 'express';
import { JOIN_CODES } from '#shared/constants';
import type { Deps } from '../../deps';
import { findEventIdByJoinCode } from './events.repo';

const CODE = new RegExp(`^[${JOIN_CODES.ALPHABET}]{${JOIN_CODES.LENGTH}}$`, 'i');

/**
 * `/j/{code}`: the short address a venue screen shows (and its QR code holds: fewer modules, so it scans
 * from further away) redirects to the event's registration page. An unknown code falls through to the
 * app's "page not found".
 */
export function joinCodeRoutes(deps: Deps) {
  const router = express.Router();
  router.get(`${JOIN_CODES.PATH}:code`, async (req, res, next) => {
    try {
      const code = req.params.code;
      const id = CODE.test(code) ? await findEventIdByJoinCode(deps.db, code) : undefined;
      if (!id) return next();
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, `/register/${id}`);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
