/**
 * Checking and storing an uploaded image (docs/decisions/010-maps-video-images.md, "Uploads").
 *
 * The rule: only JPEG, PNG or WebP, recognised by their content (magic bytes), never by the file's
 * name or declared type; at most 10 MB and 40 megapixels; re-encoded with sharp to WebP at 480, 960
 * and 1600 px wide (never enlarged, EXIF orientation applied, every metadata block dropped), stored
 * under random names. Anything else is refused with a clear message and nothing is stored:
 * other formats (SVG, HTML, GIF, PDF, text...), empty, damaged or truncated files, images over the
 * limits, and polyglots (an image followed by another file, or carrying markup such as `<script`).
 *
 * Only the re-encoded WebP files are ever stored or served, so even an image that slipped past the
 * checks would reach browsers as freshly encoded pixels; the checks are there so that such a file is
 * refused loudly instead.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { UPLOAD_WIDTHS, type ImageVariant } from '~/lib/image-variants';
import { fileStore, randomKey, type FileStore } from './storage.server';

/** Largest upload accepted, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest request body of an upload (bytes): the file plus room for multipart headers and boundaries. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** Largest image accepted, in pixels (width × height, 40 megapixels). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Widths (px) of the stored WebP variants, narrowest first; the widest is the image's main URL. */
export { UPLOAD_WIDTHS };
/** MIME types accepted, as recognised from the content; also the file picker's `accept`. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** WebP quality of the stored variants (0-100). */
const WEBP_QUALITY = 80;

/** The messages shown to staff when an upload is refused. */
export const UPLOAD_MESSAGES = {
  empty: 'The file is empty. Choose a JPEG, PNG or WebP image.',
  tooLarge: 'The image is larger than 10 MB. Choose a smaller file.',
  wrongType: 'Only JPEG, PNG or WebP images can be uploaded.',
  damaged: 'The image could not be read: the file is damaged or incomplete.',
  polyglot: 'The file contains more than an image (extra data or markup) and was refused. Save it again as a plain JPEG, PNG or WebP.',
  tooManyPixels: 'The image is larger than 40 megapixels. Reduce its dimensions and try again.',
} as const;

/** An upload refused for its content: `status` is 400, or 413 for a file over the byte limit. */
export class ImageRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'ImageRefused';
  }
}

/** What an accepted upload became: `url` is the widest variant; `variants` list every stored width. */
export type StoredImage = { url: string; variants: ImageVariant[] };

type Accepted = 'jpeg' | 'png' | 'webp';

const JPEG_SOI = 0xd8;
const JPEG_EOI = 0xd9;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Index just past the EOI marker of the JPEG starting at `start`, or null when the segments are
 * malformed or the file ends before EOI. Walks the marker segments, and skips each scan's
 * entropy-coded data (where 0xFF is followed by 0x00 stuffing or a restart marker); with
 * `pixelData`, the [start, end) range of each scan's data is added to it.
 */
export function jpegEnd(bytes: Buffer, start = 0, pixelData?: [number, number][]): number | null {
  if (bytes[start] !== 0xff || bytes[start + 1] !== JPEG_SOI) return null;
  let i = start + 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    while (i < bytes.length && bytes[i] === 0xff) i++; // fill bytes before a marker
    if (i >= bytes.length) return null;
    const marker = bytes[i]!;
    i++;
    if (marker === JPEG_EOI) return i;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (i + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(i);
    if (length < 2) return null;
    i += length;
    if (i > bytes.length) return null;
    if (marker === 0xda) {
      // Start of scan: entropy-coded data up to the next real marker.
      const scanStart = i;
      for (;;) {
        const ff = bytes.indexOf(0xff, i);
        if (ff < 0) return null;
        let next = ff + 1;
        while (next < bytes.length && bytes[next] === 0xff) next++;
        if (next >= bytes.length) return null;
        const code = bytes[next]!;
        if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) {
          i = next + 1;
          continue;
        }
        i = next - 1; // at the 0xFF right before the marker code
        break;
      }
      pixelData?.push([scanStart, i]);
    }
  }
  return null;
}

/** Index just past the IEND chunk of a PNG, or null when a chunk runs past the end or IEND is missing. */
export function pngEnd(bytes: Buffer): number | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  let i = PNG_SIGNATURE.length;
  while (i + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    i += 12 + length; // length, type, data, CRC
    if (i > bytes.length) return null;
    if (type === 'IEND') return i;
  }
  return null;
}

/** Length a WebP file declares in its RIFF header (8 + size, padded to even), or null when malformed. */
export function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** PNG chunks and WebP chunks that hold compressed pixels. */
const PNG_PIXEL_CHUNKS = new Set(['IDAT', 'fdAT']);
const WEBP_PIXEL_CHUNKS = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF']);

/**
 * The [start, end) ranges of a file's compressed pixel data: JPEG scans, PNG IDAT/fdAT chunk data,
 * WebP bitstream chunks. Empty when the structure cannot be walked (then the whole file is searched).
 */
export function pixelDataRanges(bytes: Buffer, format: Accepted): [number, number][] {
  const ranges: [number, number][] = [];
  if (format === 'jpeg') {
    let end = jpegEnd(bytes, 0, ranges);
    // Further images of a multi-picture file (assertNoTrailingData allows them).
    for (let images = 1; end !== null && images < 8 && bytes[end] === 0xff && bytes[end + 1] === JPEG_SOI; images++) end = jpegEnd(bytes, end, ranges);
  } else if (format === 'png') {
    let i = PNG_SIGNATURE.length;
    while (i + 8 <= bytes.length) {
      const length = bytes.readUInt32BE(i);
      if (PNG_PIXEL_CHUNKS.has(bytes.toString('latin1', i + 4, i + 8))) ranges.push([i + 8, Math.min(i + 8 + length, bytes.length)]);
      i += 12 + length;
    }
  } else {
    let i = 12;
    while (i + 8 <= bytes.length) {
      const size = bytes.readUInt32LE(i + 4);
      if (WEBP_PIXEL_CHUNKS.has(bytes.toString('latin1', i, i + 4))) ranges.push([i + 8, Math.min(i + 8 + size, bytes.length)]);
      i += 8 + size + (size % 2);
    }
  }
  return ranges;
}

/**
 * Markup a browser or a PHP interpreter would act on. Each tag name must be followed by what ends a
 * tag name (space, `>` or `/`), which keeps random compressed bytes from matching by chance.
 */
const MARKUP = /<(?:script|html|svg|iframe|object|embed|body)[\s/>]|<\?php[\s]|<!doctype\s+html/i;

/**
 * True when `bytes` contain markup (see MARKUP). With `format`, the compressed pixel data is left
 * out: it is near-random, so in a 2 MB photo a pattern like `<svg ` turns up by chance about once
 * in 10,000 files, and it is never read as anything but pixels (uploads are re-encoded anyway).
 * Metadata segments (comments, EXIF, XMP, text chunks) and everything else are searched.
 */
export function containsMarkup(bytes: Buffer, format?: Accepted): boolean {
  const skipped = format ? pixelDataRanges(bytes, format) : [];
  let from = 0;
  for (const [start, end] of skipped) {
    if (MARKUP.test(bytes.toString('latin1', from, start))) return true;
    from = Math.max(from, end);
  }
  return MARKUP.test(bytes.toString('latin1', from));
}

/**
 * Refuses (throws ImageRefused) an image with bytes after its end: data after a JPEG's EOI marker
 * (zero padding and further complete JPEG images, as in multi-picture files from phones and cameras,
 * are allowed), after a PNG's IEND chunk, or beyond a WebP's RIFF size. A file that ends before its
 * end marker is refused as damaged.
 */
export function assertNoTrailingData(bytes: Buffer, format: Accepted): void {
  if (format === 'jpeg') {
    const first = jpegEnd(bytes, 0);
    if (first === null) throw new ImageRefused(UPLOAD_MESSAGES.damaged);
    let end: number = first;
    for (let images = 1; end < bytes.length; images++) {
      const rest = bytes.subarray(end);
      if (rest.every((b) => b === 0)) return;
      const next: number | null = images < 8 && rest[0] === 0xff && rest[1] === JPEG_SOI ? jpegEnd(bytes, end) : null;
      if (next === null) throw new ImageRefused(UPLOAD_MESSAGES.polyglot);
      end = next;
    }
    return;
  }
  const end = format === 'png' ? pngEnd(bytes) : webpEnd(bytes);
  if (end === null || end > bytes.length) throw new ImageRefused(UPLOAD_MESSAGES.damaged);
  if (end < bytes.length) throw new ImageRefused(UPLOAD_MESSAGES.polyglot);
}

/**
 * Check an upload without storing anything: size, type by content, no trailing data, no markup,
 * readable header, at most MAX_UPLOAD_PIXELS. Returns the format and the dimensions; throws
 * ImageRefused with the message for staff.
 */
export async function inspectImage(bytes: Buffer): Promise<{ format: Accepted; width: number; height: number }> {
  if (bytes.length === 0) throw new ImageRefused(UPLOAD_MESSAGES.empty);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRefused(UPLOAD_MESSAGES.tooLarge, 413);
  const type = await fileTypeFromBuffer(bytes);
  const format = ({ 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const)[type?.mime as (typeof ACCEPTED_IMAGE_TYPES)[number]];
  if (!format) throw new ImageRefused(UPLOAD_MESSAGES.wrongType);
  assertNoTrailingData(bytes, format);
  if (containsMarkup(bytes, format)) throw new ImageRefused(UPLOAD_MESSAGES.polyglot);
  let meta: Metadata;
  try {
    // Reads the header only (no pixels are decoded), so no pixel limit is needed here; it is
    // checked right below with our own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(UPLOAD_MESSAGES.damaged);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new ImageRefused(UPLOAD_MESSAGES.damaged);
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) throw new ImageRefused(UPLOAD_MESSAGES.tooManyPixels);
  return { format, width: meta.width, height: meta.height };
}

/**
 * Decode once (orientation applied, at most the widest variant's width, sRGB 8-bit) and encode one
 * WebP per width. Throws ImageRefused(damaged) when sharp cannot decode the pixels (truncated or
 * corrupt data: sharp's 'warning' level aborts on any decoder warning).
 */
async function encodeVariants(bytes: Buffer): Promise<{ width: number; nominal: number; data: Buffer }[]> {
  try {
    const widest = UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1];
    const decoded = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
    return await Promise.all(
      UPLOAD_WIDTHS.map(async (nominal) => {
        const { data, info } = await sharp(decoded.data, { raw })
          .resize({ width: nominal, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, nominal, data };
      }),
    );
  } catch {
    throw new ImageRefused(UPLOAD_MESSAGES.damaged);
  }
}

/**
 * Check, re-encode and store an uploaded image (the whole rule in the module comment). Files are
 * named `<128-bit random>-<480|960|1600>.webp`; each variant's `width` is its real pixel width
 * (smaller than the name's when the original was narrower: images are never enlarged).
 *
 * Throws ImageRefused (400, or 413 over 10 MB) for refused content, with nothing stored. Throws the
 * store's own error when writing fails, after removing the variants already written.
 */
export async function storeUploadedImage(bytes: Buffer, store: FileStore = fileStore()): Promise<StoredImage> {
  await inspectImage(bytes);
  const encoded = await encodeVariants(bytes);
  const id = randomKey();
  const written: string[] = [];
  try {
    for (const variant of encoded) {
      const key = `${id}-${variant.nominal}.webp`;
      await store.put(key, variant.data, 'image/webp');
      written.push(key);
    }
  } catch (error) {
    await Promise.allSettled(written.map((key) => store.delete(key)));
    throw error;
  }
  const variants = encoded.map((v) => ({ src: store.publicUrl(`${id}-${v.nominal}.webp`), width: v.width }));
  return { url: variants[variants.length - 1]!.src, variants };
}
