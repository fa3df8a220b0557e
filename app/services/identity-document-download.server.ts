/**
 * Streaming an identity document (a traveller's photo or ID scan, a permit scan) out of the private
 * identity store (docs/decisions/050-permits-and-manifests.md, "Where the documents live"): only
 * after the route has checked who asks (staff, or the holder of the booking link). Never stored by
 * any cache (`private, no-store`), never indexed, shown inline with the type of its stored format,
 * `nosniff` so a browser reads it as nothing but an image.
 */
import { Readable } from 'node:stream';
import { documentContentType } from '~/lib/identity-documents.server';
import { identityStore } from '~/lib/identity-store.server';
import { TRAVELLER_DOCUMENT_KINDS, type TravellerDocumentKind } from '~/lib/permits/constants';

/** Headers every answer of the document routes carries, a 404 included. */
export const PRIVATE_DOCUMENT_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

/** The bare 404 of the document routes: the same for every reason, so nothing tells them apart. */
export function documentNotFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE_DOCUMENT_HEADERS } });
}

/** The URL segment of each traveller document kind ('photo', 'id-scan'). */
export const DOCUMENT_KIND_SEGMENTS: Record<TravellerDocumentKind, string> = { photo: 'photo', id_scan: 'id-scan' };

/** The document kind a URL segment names, or null. */
export function documentKindFromSegment(segment: string | undefined): TravellerDocumentKind | null {
  return TRAVELLER_DOCUMENT_KINDS.find((kind) => DOCUMENT_KIND_SEGMENTS[kind] === segment) ?? null;
}

/**
 * The stored file under `key` as an inline image response, or the bare 404 when the key or the file
 * is missing. For a HEAD request (`request.method`) only the metadata is read, so no file is opened
 * and left unread.
 */
export async function identityDocumentResponse(key: string | null, filename: string, request?: Request): Promise<Response> {
  if (!key) return documentNotFound();
  const head = request?.method === 'HEAD';
  const file = await identityStore().get(key, { head });
  if (!file || (!head && !file.body)) return documentNotFound();
  const contentType = documentContentType(key);
  const extension = contentType === 'image/png' ? 'png' : 'jpg';
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}"`,
    'X-Content-Type-Options': 'nosniff',
    ...PRIVATE_DOCUMENT_HEADERS,
  };
  if (file.size !== undefined) headers['Content-Length'] = String(file.size);
  return new Response(file.body ? (Readable.toWeb(file.body) as ReadableStream) : null, { status: 200, headers });
}
