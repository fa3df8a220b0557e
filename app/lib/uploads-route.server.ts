/**
 * GET and HEAD /uploads/<name>: the stored upload variants (docs/decisions/010-maps-video-images.md,
 * "Uploads"), read through the configured store (app/lib/storage.server.ts), so the `/uploads/<key>`
 * URLs kept in the records work whichever store holds the files.
 *
 * Names are random and never reused, so the files are cached for a year as immutable; `nosniff`
 * keeps a browser from reading one as anything but an image. Only WebP names are served, without
 * directory listings; anything else under /uploads, or a missing file, is a plain 404 (never the
 * React page).
 *
 * - Local folder: `express.static` (ranges, ETag and Last-Modified, conditional GET).
 * - S3 bucket: the object is streamed from the bucket with its size, its ETag and Last-Modified from
 *   S3 (a matching If-None-Match gets a 304); HEAD asks the bucket for the metadata only. The bucket
 *   itself can stay private (docs/deploy.md, "Uploads on S3-compatible storage").
 */
import { pipeline } from 'node:stream/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { fileStore, IMMUTABLE_CACHE_CONTROL, type FileStore } from './storage.server';

/** An upload's file name: 128 random bits (base64url) and a stored width, WebP only. */
const UPLOAD_FILE = /^\/[A-Za-z0-9_-]{22}-\d{1,5}\.webp$/;

/** Stream `key` of `store` (a store without a local folder) into `res`; `next()` when it is missing. */
async function sendFromStore(store: FileStore, key: string, req: Request, res: Response, next: NextFunction): Promise<void> {
  const file = await store.get(key, { head: req.method === 'HEAD' });
  if (!file) {
    next();
    return;
  }
  res.setHeader('Content-Type', 'image/webp');
  if (file.size !== undefined) res.setHeader('Content-Length', String(file.size));
  res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (file.etag) res.setHeader('ETag', file.etag);
  if (file.lastModified) res.setHeader('Last-Modified', file.lastModified.toUTCString());
  // Compares If-None-Match / If-Modified-Since with the ETag and Last-Modified just set.
  if (req.fresh) {
    file.body?.destroy();
    res.removeHeader('Content-Length');
    res.status(304).end();
    return;
  }
  if (!file.body) {
    res.end();
    return;
  }
  try {
    await pipeline(file.body, res);
  } catch (error) {
    // The visitor went away: nothing to report. Anything else reaches the error handler, which
    // logs it and closes the connection (the answer has started).
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}

/**
 * The /uploads router (server/app.ts mounts it at UPLOADS_URL_PREFIX): see the module comment.
 * `store` gives the store per request (default `fileStore()`; tests pass their own).
 */
export function serveUploads(store: () => FileStore = fileStore) {
  // The local folder's handler, made on first use (the folder comes from the environment, parsed in start()).
  let files: { root: string; handler: ReturnType<typeof express.static> } | undefined;
  const router = express.Router();
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !UPLOAD_FILE.test(req.path)) {
      next();
      return;
    }
    const current = store();
    const root = current.root;
    if (root === undefined) {
      sendFromStore(current, req.path.slice(1), req, res, next).catch(next);
      return;
    }
    if (files?.root !== root) {
      const handler = express.static(root, {
        index: false,
        redirect: false,
        dotfiles: 'deny',
        fallthrough: true,
        immutable: true,
        maxAge: '1y',
        setHeaders: (response) => {
          response.setHeader('X-Content-Type-Options', 'nosniff');
          response.setHeader('Content-Type', 'image/webp');
        },
      });
      files = { root, handler };
    }
    files.handler(req, res, next);
  });
  router.use((_req, res) => {
    res.status(404).setHeader('X-Content-Type-Options', 'nosniff');
    res.type('text/plain').send('Not found');
  });
  return router;
}
