/**
 * The office map (D8): an OpenStreetMap embed built from the map settings (no key), or the admin's
 * validated custom embed (only its https src on an allowed host is used, never the pasted markup).
 * Lazy-loaded; the box keeps its size so nothing shifts.
 */
import { parseMapEmbed } from '~/lib/map-embed';
import type { Settings } from '~/schemas/settings';
import { cn } from '~/lib/cn';

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

export function OfficeMap({ map, className, title }: { map: Settings['map']; className?: string; title?: string }) {
  const custom = map.embedCode.trim() ? parseMapEmbed(map.embedCode) : null;
  const src = custom?.ok ? custom.src : openStreetMapEmbedUrl(map);
  return (
    <div className={cn('overflow-hidden rounded-card bg-mist', className)}>
      <iframe
        src={src}
        title={title ?? `Map: ${map.title || 'our office'}`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="block size-full min-h-72 border-0"
      />
    </div>
  );
}

/** Centres of the towns cars start from (spec section 3: Gangtok, Darjeeling, Pelling). */
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
  return { ...town, zoom: 13, title: location!.trim(), address: `${location!.trim()}, India`, embedCode: '' };
}
