/**
 * POST /api/uploads: staff upload one image (docs/decisions/010-maps-video-images.md, "Uploads").
 *
 * Body: multipart/form-data with one file field named `file` (JPEG, PNG or WebP, at most 10 MB and
 * 40 megapixels), parsed as a stream by busboy. Answers:
 * - 201 `{ url, variants: [{ src, width }] }`: `url` is the widest (1600 px) WebP variant;
 * - 400 `{ error, issues: [{ path: 'file', message }] }`: refused content (nothing stored);
 * - 413 over 10 MB; 415 not multipart; 401 / 403 from the admin guard; 405 other methods.
 * Bad input never gives a 500.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { apiError } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { ImageRefused, MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES, storeUploadedImage, UPLOAD_MESSAGES } from '~/lib/image-upload.server';
import { logger } from '~/lib/logger.server';
import type { Route } from './+types/uploads';

const FIELD = 'file';

const MESSAGES = {
  notMultipart: 'Send the image as multipart/form-data in a field named "file"',
  malformed: 'The upload could not be read. Please try again.',
  noFile: 'Choose an image file to upload.',
  oneFile: 'Upload one image at a time.',
  saveFailed: 'The image could not be saved. Please try again.',
} as const;

/** A refused upload: `{ error, issues: [{ path: 'file', message }] }` with `status`. */
function refuse(status: number, message: string): Response {
  return apiError(status, message, [{ path: FIELD, message }]);
}

/**
 * Read the request's `file` part into memory (at most MAX_UPLOAD_BYTES; the rest of an oversized
 * part is read and dropped). Resolves the bytes, or a refusal Response: 400 malformed body, no file
 * or more than one file; 413 over the limit.
 */
function readFilePart(request: Request, contentType: string): Promise<Buffer | Response> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 },
      });
    } catch {
      resolve(refuse(400, MESSAGES.malformed)); // e.g. no boundary
      return;
    }
    const chunks: Buffer[] = [];
    let found = false;
    let tooLarge = false;
    let tooMany = false;
    let settled = false;
    const finish = (outcome: Buffer | Response) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };

    parser.on('file', (name, stream) => {
      // A body cut short errors the part's stream too; without a listener that would crash the process.
      stream.on('error', () => finish(refuse(400, MESSAGES.malformed)));
      if (name !== FIELD || found) {
        stream.resume();
        return;
      }
      found = true;
      stream.on('data', (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on('limit', () => {
        tooLarge = true;
        chunks.length = 0;
      });
    });
    parser.on('filesLimit', () => (tooMany = true));
    parser.on('partsLimit', () => finish(refuse(400, MESSAGES.malformed)));
    parser.on('fieldsLimit', () => finish(refuse(400, MESSAGES.malformed)));
    parser.on('error', () => finish(refuse(400, MESSAGES.malformed)));
    parser.on('close', () => {
      if (tooLarge) finish(refuse(413, UPLOAD_MESSAGES.tooLarge));
      else if (tooMany) finish(refuse(400, MESSAGES.oneFile));
      else if (!found) finish(refuse(400, MESSAGES.noFile));
      else finish(Buffer.concat(chunks));
    });

    if (!request.body) {
      parser.end();
      return;
    }
    const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    source.on('error', () => finish(refuse(400, MESSAGES.malformed)));
    source.pipe(parser);
  });
}

/** POST only: guard, content type, size, then the image rule in ~/lib/image-upload.server. */
export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method !== 'POST') return apiError(405, 'Method not allowed', [], { Allow: 'POST' });

  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return refuse(415, MESSAGES.notMultipart);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_UPLOAD_BODY_BYTES) return refuse(413, UPLOAD_MESSAGES.tooLarge);

  const part = await readFilePart(request, contentType);
  if (part instanceof Response) return part;

  try {
    const stored = await storeUploadedImage(part);
    logger.info({ event: 'upload', username: auth.user.username, url: stored.url, bytes: part.length }, 'image uploaded');
    return Response.json(stored, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof ImageRefused) {
      logger.warn({ event: 'upload_refused', username: auth.user.username, reason: error.message, bytes: part.length }, 'image refused');
      return refuse(error.status, error.message);
    }
    logger.error({ event: 'upload_failed', err: error }, 'image upload could not be stored');
    return apiError(500, MESSAGES.saveFailed);
  }
}

/** GET and other loader methods: staff only, and nothing to read here (405). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
}
