/**
 * The live side of /admin/location (docs/product.md#map-settings-form): the map preview (the same
 * OpenStreetMap embed, or the custom embed, that the public pages show, via `OfficeMap`) and the
 * details panel. Before JavaScript runs both show the saved values; once it runs they follow the
 * form as the admin types (the map waits until typing pauses so the frame does not reload on every
 * key).
 */
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { OfficeMap, openStreetMapLink } from '~/components/ui/office-map';
import { parseMapEmbed } from '~/lib/admin/map-embed';
import type { Settings } from '~/schemas/settings';

type MapValue = Settings['map'];

/** What the form currently says, read leniently: text as typed, numbers when they are numbers. */
export type MapDraft = { latitude: string; longitude: string; zoom: string; title: string; embedCode: string };

/** The draft of a saved value (what the form starts with). */
export function draftOf(map: MapValue): MapDraft {
  return { latitude: String(map.latitude), longitude: String(map.longitude), zoom: String(map.zoom), title: map.title, embedCode: map.embedCode };
}

/** The draft of a form's current fields. */
export function readDraft(form: HTMLFormElement): MapDraft {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { latitude: text('latitude'), longitude: text('longitude'), zoom: text('zoom'), title: text('title'), embedCode: text('embedCode') };
}

function numberIn(text: string, min: number, max: number, integer = false): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return null;
  return n;
}

/**
 * The map a draft shows: its coordinates when they are valid (else `fallback`'s), its custom embed
 * when that is accepted. `problems` says what is kept from `fallback` or ignored.
 */
export function previewOf(draft: MapDraft, fallback: MapValue): { map: MapValue; problems: string[]; custom: string | null } {
  const latitude = numberIn(draft.latitude, -90, 90);
  const longitude = numberIn(draft.longitude, -180, 180);
  const zoom = numberIn(draft.zoom, 1, 20, true);
  const problems: string[] = [];
  if (latitude === null || longitude === null || zoom === null)
    problems.push('The coordinates or zoom are not valid yet: the preview keeps the last valid ones.');
  let embedCode = '';
  let custom: string | null = null;
  if (draft.embedCode.trim() !== '') {
    const embed = parseMapEmbed(draft.embedCode);
    if (embed.ok) {
      embedCode = embed.html;
      custom = new URL(embed.src).hostname;
    } else {
      problems.push(`The embed code is refused (${embed.error}): the preview shows the OpenStreetMap map.`);
    }
  }
  return {
    map: {
      latitude: latitude ?? fallback.latitude,
      longitude: longitude ?? fallback.longitude,
      zoom: zoom ?? fallback.zoom,
      title: draft.title.trim(),
      embedCode,
    },
    problems,
    custom,
  };
}

/** `value`, once it has stayed the same for `ms` milliseconds. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `address`: the office address from the company settings, the one address every page shows. */
export function MapPreviewPanel({ draft, saved, address }: { draft: MapDraft; saved: MapValue; address: string }) {
  const { map, problems, custom } = previewOf(draft, saved);
  const shown = useSettled(map, 600);
  const mapKey = JSON.stringify([shown.latitude, shown.longitude, shown.zoom, shown.embedCode]);
  return (
    <div className="grid gap-6">
      <section aria-labelledby="map-preview-title" className="card p-4 shadow-sm sm:p-6">
        <h2 id="map-preview-title" className="font-sans text-lg font-semibold text-ink">
          Map preview
        </h2>
        <p className="mt-0.5 text-sm text-muted">As the Contact page shows it. Unsaved changes are previewed here only.</p>
        <OfficeMap key={mapKey} map={shown} title={`Map preview: ${shown.title || 'our office'}`} className="mt-4 h-72 border border-forest-100 sm:h-80" />
        <div aria-live="polite">
          {problems.map((p) => (
            <p key={p} className="mt-3 text-sm font-medium text-status-bad-fg">
              {p}
            </p>
          ))}
        </div>
      </section>
      <section aria-labelledby="map-details-title" className="card p-4 shadow-sm sm:p-6">
        <h2 id="map-details-title" className="font-sans text-lg font-semibold text-ink">
          Details
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-muted">Title</dt>
          <dd className="min-w-0 break-words">{map.title || '—'}</dd>
          <dt className="font-semibold text-muted">Address</dt>
          <dd className="min-w-0 break-words">{address || '—'}</dd>
          <dt className="font-semibold text-muted">Latitude</dt>
          <dd>{map.latitude}</dd>
          <dt className="font-semibold text-muted">Longitude</dt>
          <dd>{map.longitude}</dd>
          <dt className="font-semibold text-muted">Zoom</dt>
          <dd>{map.zoom}</dd>
          <dt className="font-semibold text-muted">Map</dt>
          <dd className="min-w-0 break-words">{custom ? `Custom embed from ${custom}` : 'OpenStreetMap, from the coordinates'}</dd>
        </dl>
        <ul className="mt-4 flex flex-col gap-2 text-sm">
          <li>
            <a
              href={openStreetMapLink(map)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 font-medium text-forest-700 underline-offset-4 hover:underline"
            >
              Open in OpenStreetMap
              <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a
              href="/contact#map-heading"
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1.5 font-medium text-forest-700 underline-offset-4 hover:underline"
            >
              See the saved map on the Contact page
              <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
