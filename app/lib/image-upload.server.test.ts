/**
 * The markup search of uploads (app/lib/image-upload.server.ts): markup in a metadata segment or
 * chunk is found; the same bytes inside compressed pixel data, where random data produces them by
 * chance, are not. (A 2000 × 1500 noise photo was once refused as a polyglot by the whole-file
 * search.)
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { containsMarkup, pixelDataRanges } from './image-upload.server';

const MARKUP = Buffer.from('<svg/onload=alert(1)>');

async function noiseJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 110, b: 70 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** `bytes` with `patch` written over them at `at`. */
function overwrite(bytes: Buffer, at: number, patch: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  patch.copy(copy, at);
  return copy;
}

describe('containsMarkup with the format given', () => {
  it('ignores markup-like bytes inside a JPEG scan but finds them in a comment segment', async () => {
    const jpeg = await noiseJpeg();
    const [scan] = pixelDataRanges(jpeg, 'jpeg');
    expect(scan).toBeDefined();
    const [start, end] = scan!;
    expect(end - start).toBeGreaterThan(MARKUP.length * 2);
    const inScan = overwrite(jpeg, start + Math.floor((end - start) / 2), MARKUP);
    expect(containsMarkup(inScan)).toBe(true); // the whole-file search would refuse it
    expect(containsMarkup(inScan, 'jpeg')).toBe(false);

    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, MARKUP.length + 2]), MARKUP]);
    const inComment = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
    expect(containsMarkup(inComment, 'jpeg')).toBe(true);
    expect(containsMarkup(Buffer.concat([jpeg, MARKUP]), 'jpeg')).toBe(true);
  });

  it('ignores them inside PNG pixel data but finds them in a text chunk', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 90, b: 90 }, noise: { type: 'gaussian', mean: 120, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const [idat] = pixelDataRanges(png, 'png');
    expect(idat).toBeDefined();
    const inPixels = overwrite(png, idat![0] + 10, MARKUP);
    expect(containsMarkup(inPixels, 'png')).toBe(false);

    const withText = await sharp(png).withMetadata().png().toBuffer();
    const text = Buffer.concat([Buffer.from('Comment\0'), MARKUP]);
    const chunk = Buffer.alloc(12 + text.length);
    chunk.writeUInt32BE(text.length, 0);
    chunk.write('tEXt', 4, 'latin1');
    text.copy(chunk, 8);
    const inText = Buffer.concat([withText.subarray(0, 33), chunk, withText.subarray(33)]);
    expect(containsMarkup(inText, 'png')).toBe(true);
  });

  it('ignores them inside a WebP bitstream but finds them in an XMP chunk', async () => {
    const webp = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 90, b: 90 }, noise: { type: 'gaussian', mean: 120, sigma: 60 } },
    })
      .webp({ quality: 80 })
      .toBuffer();
    const [bitstream] = pixelDataRanges(webp, 'webp');
    expect(bitstream).toBeDefined();
    expect(containsMarkup(overwrite(webp, bitstream![0] + 10, MARKUP), 'webp')).toBe(false);
    const xmp = Buffer.alloc(8 + MARKUP.length + (MARKUP.length % 2));
    xmp.write('XMP ', 0, 'latin1');
    xmp.writeUInt32LE(MARKUP.length, 4);
    MARKUP.copy(xmp, 8);
    expect(containsMarkup(Buffer.concat([webp, xmp]), 'webp')).toBe(true);
  });
});
