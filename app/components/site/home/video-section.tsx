/**
 * Home video (docs/decisions/010-maps-video-images.md#video): the settings URL, autoplay, muted,
 * loop, lazy; nothing when no URL is set.
 */
import { SectionReveal } from '~/components/ui/section-reveal';
import { videoEmbed } from './helpers';
import { SectionHeading } from './section-heading';

export function VideoSection({ url }: { url: string }) {
  const embed = videoEmbed(url);
  if (!embed) return null;
  return (
    <SectionReveal aria-labelledby="video-title" className="bg-forest-900 py-20 md:py-28">
      <div className="container-page">
        <SectionHeading id="video-title" tone="dark" eyebrow="See it for yourself" title="Sikkim in motion" align="center" />
        <div className="mx-auto mt-10 aspect-video max-w-5xl overflow-hidden rounded-panel bg-black shadow-2xl">
          {embed.kind === 'youtube' ? (
            <iframe
              src={embed.src}
              title="Video: travelling in Sikkim and Darjeeling"
              loading="lazy"
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              className="size-full border-0"
            />
          ) : (
            <video
              src={embed.src}
              autoPlay
              muted
              loop
              playsInline
              preload="none"
              className="size-full object-cover"
              aria-label="Video: travelling in Sikkim and Darjeeling"
            />
          )}
        </div>
      </div>
    </SectionReveal>
  );
}
