import express from 'express';
import { uuidSchema } from '#shared/schemas/common';
import type { Deps } from '../../deps';

/**
 * `/door/{eventId}/manifest.webmanifest`: the web app manifest that makes one event's door installable
 * (README "The door offline"). It names no event and reads nothing: the page itself checks who asks.
 */
export function doorRoutes(deps: Deps) {
  const router = express.Router();
  router.get('/door/:eventId/manifest.webmanifest', (req, res, next) => {
    const id = req.params.eventId;
    if (!uuidSchema.safeParse(id).success) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/manifest+json').send(
      JSON.stringify({
        name: `${deps.config.appName} door`,
        short_name: 'Door',
        id: `/door/${id}`,
        start_url: `/door/${id}`,
        scope: '/door/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4c6ef5',
        icons: [
          { src: '/door/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/door/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      }),
    );
  });
  return router;
}
