import type { Request, Response } from 'express';
import { M } from '#shared/messages';

/** A missing file answers only this: no path, no errno (express.static's own error names both). */
export function notFound(_req: Request, res: Response) {
  res.status(404).json({ error: M.common.notFound });
}
