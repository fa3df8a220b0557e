/**
 * Responsive widths of an uploaded image, for `srcset` (docs/decisions/010-maps-video-images.md,
 * "Uploads"). Client-safe and tiny: public pages and cards call it for every image they show.
 *
 * An upload is stored as `/uploads/<id>-480.webp`, `-960.webp` and `-1600.webp` (never enlarged, so
 * a file may be narrower than its name says). Given any of those URLs, `uploadVariants` returns all
 * three; for any other URL (a pasted link, a bundled illustration) it returns undefined and the page
 * shows the single image as before.
 */

/** One stored width of an image: URL and width in px (the same shape as Picture's `variants`). */
export type ImageVariant = { src: string; width: number };

/** Widths (px) every upload is stored at, narrowest first. */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

const UPLOAD_URL = /^\/uploads\/([A-Za-z0-9_-]{22})-(?:480|960|1600)\.webp$/;

/** The three variants of an uploaded image's URL, narrowest first; undefined for any other URL. */
export function uploadVariants(url: string | null | undefined): ImageVariant[] | undefined {
  const id = url ? UPLOAD_URL.exec(url)?.[1] : undefined;
  return id ? UPLOAD_WIDTHS.map((width) => ({ src: `/uploads/${id}-${width}.webp`, width })) : undefined;
}
