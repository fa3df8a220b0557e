/**
 * Checking and re-encoding an identity document: a traveller's passport-size photo or ID scan, or an
 * issued permit's scan (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents").
 *
 * The checks are the upload pipeline's own (app/lib/image-upload.server.ts `inspectImage`): JPEG, PNG
 * or WebP recognised by their magic bytes, at most 10 MB and 40 megapixels, no polyglots (trailing
 * data or markup). The image is then decoded (EXIF orientation applied) and encoded afresh, with no
 * metadata at all, to a format the permit office accepts (settings `permits.documentFormats`; JPEG
 * when allowed, it is by far the smaller for photos) and within its size limits
 * (`minDocumentKb`..`maxDocumentKb`, 10-100 KB by default): first lowering the quality, then the
 * dimensions, until the file fits. What cannot be made to fit is refused with a clear message, as is
 * anything the checks refuse; the caller stores nothing then.
 */
import sharp from 'sharp';
import type { DocumentFormat } from '~/lib/permits/constants';
import { ImageRefused, inspectImage, MAX_UPLOAD_PIXELS } from './image-upload.server';

/** The limits a document must fit after re-encoding. */
export type DocumentLimits = { formats: readonly DocumentFormat[]; minKb: number; maxKb: number };

/** An encoded document, ready to store. */
export type EncodedDocument = { data: Buffer; format: DocumentFormat; contentType: 'image/jpeg' | 'image/png'; extension: 'jpg' | 'png' };

/**
 * The issued permit's scan is kept for staff and the checkposts, not sent to the permit office, so
 * it gets a roomier limit than the office's (a legible A4 scan rarely fits 100 KB): at most 1 MB,
 * no minimum, the same formats (docs/decisions/050-permits-and-manifests.md, "Where the documents live").
 */
export const PERMIT_SCAN_MAX_KB = 1024;

/** Longest side (px) a document starts from: more than any permit office asks for. */
const START_LONGEST_SIDE = 1600;
/** Smallest longest side (px) tried before giving up: below this a scan is not legible. */
const MIN_LONGEST_SIDE = 320;
/** Each step down in dimensions keeps this share of the longest side. */
const SCALE_STEP = 0.8;
/** JPEG qualities tried at each size, best first; PNG uses them as its palette quality. */
const QUALITIES = [85, 72, 60, 48, 36] as const;

/** The messages of a document that cannot be made to fit. */
export const DOCUMENT_MESSAGES = {
  cannotShrink: (maxKb: number) =>
    `This image cannot be made smaller than ${maxKb} KB without becoming unreadable. Crop it to the document or photo and upload it again.`,
  tooSmall: (minKb: number) => `This image is too small for the permit office, which asks for at least ${minKb} KB. Upload a larger, sharper photo or scan.`,
} as const;

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png' } as const;
const EXTENSIONS = { jpeg: 'jpg', png: 'png' } as const;

/** The content type of a stored document from its key's extension. */
export function documentContentType(key: string): 'image/jpeg' | 'image/png' {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

type Raw = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

async function encode(raw: Raw, format: DocumentFormat, longest: number, quality: number): Promise<Buffer> {
  const scale = Math.min(1, longest / Math.max(raw.width, raw.height));
  const width = Math.max(1, Math.round(raw.width * scale));
  const height = Math.max(1, Math.round(raw.height * scale));
  const image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }).resize({ width, height, fit: 'fill' });
  // Neither call keeps metadata: sharp drops EXIF, XMP, ICC and comments unless asked to keep them.
  return format === 'jpeg'
    ? image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer()
    : image.png({ compressionLevel: 9, palette: true, quality, effort: 7 }).toBuffer();
}

/**
 * Check `bytes` as an upload and re-encode them within `limits` (see the module comment). Throws
 * ImageRefused (400, or 413 over 10 MB) with the message for the person uploading.
 */
export async function encodeIdentityDocument(bytes: Buffer, limits: DocumentLimits): Promise<EncodedDocument> {
  await inspectImage(bytes);
  const format: DocumentFormat = limits.formats.includes('jpeg') ? 'jpeg' : 'png';
  let raw: Raw;
  try {
    const decoded = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: START_LONGEST_SIDE, height: START_LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    raw = { data: decoded.data, width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  } catch {
    throw new ImageRefused('The image could not be read: the file is damaged or incomplete.');
  }
  const maxBytes = limits.maxKb * 1024;
  const minBytes = limits.minKb * 1024;
  const longestStart = Math.max(raw.width, raw.height);
  let next: number;
  for (let longest = longestStart; ; longest = next) {
    let smallest = Infinity;
    for (const quality of QUALITIES) {
      const data = await encode(raw, format, longest, quality);
      smallest = Math.min(smallest, data.length);
      if (data.length > maxBytes) continue;
      if (data.length >= minBytes) return { data, format, contentType: CONTENT_TYPES[format], extension: EXTENSIONS[format] };
      // Under the minimum: at full size, try the best quality once before refusing; smaller
      // sizes and qualities only get smaller still.
      if (longest === longestStart && quality === QUALITIES[0]) {
        const best = await encode(raw, format, longest, 95);
        if (best.length >= minBytes && best.length <= maxBytes)
          return { data: best, format, contentType: CONTENT_TYPES[format], extension: EXTENSIONS[format] };
      }
      throw new ImageRefused(DOCUMENT_MESSAGES.tooSmall(limits.minKb));
    }
    // The size goes with the area: jump straight to about the dimensions that fit at the lowest
    // quality, by at least one step.
    next = Math.round(Math.min(longest * SCALE_STEP, longest * Math.sqrt(maxBytes / smallest) * 0.95));
    if (longest <= Math.min(MIN_LONGEST_SIDE, longestStart) || next < 1) break;
    next = Math.max(next, Math.min(MIN_LONGEST_SIDE, longestStart));
  }
  throw new ImageRefused(DOCUMENT_MESSAGES.cannotShrink(limits.maxKb));
}
