/**
 * Click-to-load map (D8): a light static preview with a 'Show map' button that swaps in the
 * OpenStreetMap embed, so no third-party frame (cookies, scripts, ~1 MB) loads until the visitor
 * asks for it. Same box size before and after: no layout shift.
 */
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { OfficeMap, openStreetMapLink } from '~/components/site/office-map';
import { buttonClass } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import type { Settings } from '~/schemas/settings';

export function MapFacade({ map, className }: { map: Settings['map']; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  if (loaded) return <OfficeMap map={map} className={cn('h-80 md:h-full', className)} />;
  return (
    <div className={cn('relative isolate h-80 overflow-hidden rounded-card bg-[#e8efe9] md:h-full', className)} data-map-facade>
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
          <MapPin className="size-7" aria-hidden />
        </span>
        <p className="max-w-xs font-semibold text-ink">{map.title || 'Our office'}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" onClick={() => setLoaded(true)} className={buttonClass('primary')}>
            Show map
          </button>
          <a href={openStreetMapLink(map)} target="_blank" rel="noopener noreferrer" className={buttonClass('outline', 'md', 'bg-white')}>
            Open in OpenStreetMap
          </a>
        </div>
      </div>
    </div>
  );
}
