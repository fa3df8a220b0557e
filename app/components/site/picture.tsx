/**
 * An image with its size set (no layout shift), lazy below the fold, and a placeholder when the
 * file cannot be loaded (spec section 8: broken images show a placeholder).
 */
import { useState, type ComponentProps } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

type PictureProps = Omit<ComponentProps<'img'>, 'src' | 'width' | 'height'> & {
  src: string | null | undefined;
  width: number;
  height: number;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
};

export function Picture({ src, alt = '', priority, ...props }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const shown = failedSrc === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailedSrc(wanted);
      }}
    />
  );
}
