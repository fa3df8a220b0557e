/**
 * The office map (docs/decisions/010-maps-video-images.md#maps): an OpenStreetMap embed built from
 * the map settings (no key), or the admin's validated custom embed (only its https src on an
 * allowed host is used, never the pasted markup). Lazy-loaded; the box keeps its size so nothing
 * shifts.
 */
import { useState } from 'react';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import type { Settings } from '~/schemas/settings';
import { cn } from '~/lib/cn';
import { isPlainClick } from '~/lib/plain-click';

/** The OpenStreetMap embed URL around a point; `zoom` 1-20 sets the box size. */
export function openStreetMapEmbedUrl({ latitude, longitude, zoom }: Pick<Settings['map'], 'latitude' | 'longitude' | 'zoom'>): string {
  const span = 360 / 2 ** zoom; // degrees of longitude shown at this zoom, roughly
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude.toFixed(5)},${longitude.toFixed(5)}`;
}

/** Link to the full map at the office location. */
export function openStreetMapLink({ latitude, longitude, zoom }: Pick<Settings['map'], 'latitude' | 'longitude' | 'zoom'>): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}

/**
 * The `src` of a saved custom embed. The settings schema accepts an embed only through the strict
 * check in app/lib/admin/map-embed.ts and stores (and reads back) its own `<iframe src="...">` markup,
 * so the public page reads the address back without shipping that parser to the browser.
 */
export function savedEmbedSrc(embedCode: string): string | null {
  const match = /^<iframe src="([^"<>]*)"/.exec(embedCode.trim());
  if (!match) return null;
  const src = match[1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return src.startsWith('https://') ? src : null;
}

/** The address the map's frame shows: the saved custom embed, or the OpenStreetMap embed. */
export function mapEmbedSrc(map: Settings['map']): string {
  return savedEmbedSrc(map.embedCode) ?? openStreetMapEmbedUrl(map);
}

/**
 * What the map's frame may do (docs/decisions/045-security-round-two.md, "Also"): run its own
 * scripts (the map is drawn by them), keep its own origin (Google's and OpenStreetMap's scripts
 * fetch tiles and data from it; the frame is always another site, so it cannot reach this one),
 * open its links ("View larger map", directions) in a new tab, and let that tab be an ordinary one.
 * Not granted: navigating this page, forms, downloads, dialogs, pointer lock.
 */
export const MAP_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/** The map's frame: the OpenStreetMap embed or the saved custom embed, sandboxed (MAP_FRAME_SANDBOX). */
export function OfficeMap({ map, className, title }: { map: Settings['map']; className?: string; title?: string }) {
  const src = mapEmbedSrc(map);
  return (
    <div className={cn('overflow-hidden rounded-card bg-mist', className)}>
      <iframe
        src={src}
        title={title ?? `Map: ${map.title || 'our office'}`}
        loading="lazy"
        sandbox={MAP_FRAME_SANDBOX}
        referrerPolicy="no-referrer-when-downgrade"
        className="block size-full min-h-72 border-0"
      />
    </div>
  );
}

/**
 * Centres of the towns cars start from (docs/product.md#entities-and-fields: Gangtok, Darjeeling,
 * Pelling).
 */
const TOWN_CENTRES: Record<string, { latitude: number; longitude: number }> = {
  darjeeling: { latitude: 27.041, longitude: 88.2663 },
  pelling: { latitude: 27.3005, longitude: 88.2373 },
};

/**
 * The map for a vehicle's location: the office map for Gangtok (the default) or an unknown place,
 * the town centre for Darjeeling and Pelling.
 */
export function mapForLocation(location: string | null | undefined, office: Settings['map']): Settings['map'] {
  const town = TOWN_CENTRES[(location ?? '').trim().toLowerCase()];
  if (!town) return office;
  return { ...town, zoom: 13, title: location!.trim(), embedCode: '' };
}

/**
 * Click-to-load map (docs/decisions/010-maps-video-images.md#maps): a light static preview with a
 * 'Show map' link that swaps in the embed, so no third-party frame (cookies, scripts, ~1 MB)
 * loads until the visitor asks for it. Before the page has hydrated, the link opens that map in a
 * new tab instead. Same box size before and after: no layout
 * shift.
 */
export function MapFacade({ map, className }: { map: Settings['map']; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  const src = mapEmbedSrc(map);
  // `className` sets the box's height; the default fills a grid cell from md up.
  const size = className ?? 'h-80 md:h-full';
  if (loaded) return <OfficeMap map={map} className={size} />;
  return (
    <div className={cn('relative isolate overflow-hidden rounded-card bg-[#e8efe9]', size)} data-map-facade>
      <svg aria-hidden viewBox="0 0 600 400" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 -z-10 size-full">
        <rect width="600" height="400" fill="#e8efe9" />
        <path d="M0 300c80-30 140-10 210-40s120-90 200-80 130 40 190 20v200H0z" fill="#d3e8e3" />
        <path d="M0 120c90 20 150-10 230 10s150 70 240 50 100-30 130-20" fill="none" stroke="#fff" strokeWidth="14" />
        <path d="M120 0c10 90 60 150 40 230s20 120 60 170" fill="none" stroke="#fff" strokeWidth="10" />
        <path d="M600 70c-90 40-160 30-210 90s-40 140-110 240" fill="none" stroke="#f5d58a" strokeWidth="9" />
        <path d="M0 210c70 0 120 30 200 20s160-60 260-40 140 30 140 30" fill="none" stroke="#fff" strokeWidth="6" />
        <path d="M340 0c-10 60 20 110 0 160" fill="none" stroke="#a7d1c7" strokeWidth="12" />
      </svg>
      <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-forest-700 text-white shadow-lg ring-8 ring-forest-700/15">
          <Icon name="map-pin" className="size-7" />
        </span>
        <p className="max-w-xs font-semibold text-ink">{map.title || 'Our office'}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {/* A link to the map until the page has hydrated (and with a modifier key); then a plain
              click loads the embed in place (docs/architecture.md, "Controls before and after hydration"). */}
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              setLoaded(true);
            }}
            className={buttonClass('primary')}
          >
            Show map
          </a>
          <a href={openStreetMapLink(map)} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'md', 'bg-white')}>
            Open in OpenStreetMap
          </a>
        </div>
      </div>
    </div>
  );
}
