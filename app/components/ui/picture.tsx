/**
 * An image with its size set (no layout shift), lazy below the fold, a `srcset` when several widths
 * of the file exist (uploads, docs/decisions/010-maps-video-images.md#uploads), and a placeholder
 * when the file cannot be loaded (docs/product.md#empty-states-and-not-found-views).
 */
import { useState, type ComponentProps } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * One stored width of an image (uploads are re-encoded in several widths,
 * docs/decisions/010-maps-video-images.md#uploads).
 */
export type ImageVariant = { src: string; width: number };

type PictureProps = Omit<ComponentProps<'img'>, 'src' | 'width' | 'height' | 'srcSet'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /** Other widths of the same image; with two or more, the browser picks one by `sizes`. */
  variants?: ImageVariant[];
};

/** The `srcset` of several widths, narrowest first; undefined for fewer than two. */
export function buildSrcSet(variants: ImageVariant[] | undefined): string | undefined {
  const unique = new Map((variants ?? []).filter((v) => v.src && v.width > 0).map((v) => [v.width, v.src]));
  if (unique.size < 2) return undefined;
  return [...unique.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, src]) => `${src} ${width}w`)
    .join(', ');
}

export function Picture({ src, alt = '', priority, variants, sizes, fetchPriority, loading, ...props }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const failed = failedSrc === wanted;
  const shown = failed ? PLACEHOLDER_IMAGE : wanted;
  const srcSet = failed ? undefined : buildSrcSet(variants);
  return (
    <img
      {...props}
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '100vw') : undefined}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : fetchPriority}
      decoding={priority ? undefined : 'async'}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
      }}
    />
  );
}
