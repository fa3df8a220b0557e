/**
 * The frame of the three catalogue lists: a title band with a mountain ridge, the filter card
 * overlapping it, and the results grid (dimmed and marked busy while a new list loads).
 */
import type { ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';

export function ListHero({ eyebrow, title, intro, facts }: { eyebrow: string; title: string; intro: string; facts: string[] }) {
  return (
    <section className="relative isolate overflow-hidden bg-forest-900 text-white">
      <svg aria-hidden viewBox="0 0 1440 220" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-40 w-full md:h-56">
        <path d="M0 150 L180 70 L300 120 L470 30 L640 110 L780 60 L960 130 L1120 50 L1290 110 L1440 70 V220 H0Z" fill="#0b3b35" />
        <path d="M0 190 L160 130 L340 170 L520 110 L700 165 L880 120 L1060 175 L1250 125 L1440 160 V220 H0Z" fill="#0f4c45" />
      </svg>
      <div className="container-page pt-28 pb-24 md:pt-36 md:pb-32">
        <p className="text-sm font-semibold tracking-[0.14em] text-marigold-light uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold text-white md:text-6xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-forest-50">{intro}</p>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-forest-50">
          {facts.map((fact) => (
            <li key={fact} className="flex items-center gap-2">
              <span className="grid size-5 place-items-center rounded-full bg-marigold text-ink">
                <Icon name="check" className="size-3 stroke-3" />
              </span>
              {fact}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The filters card pulled up over the hero, then the results and what follows them. */
export function ListBody({ filters, children }: { filters: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page pb-16 md:pb-24">
      <div className="relative z-10 -mt-14 md:-mt-16">{filters}</div>
      <div className="mt-8 space-y-8">{children}</div>
    </div>
  );
}

export function ResultsGrid({ pending, label, children }: { pending: boolean; label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      aria-busy={pending || undefined}
      className={cn('grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3', pending && 'opacity-60')}
    >
      {children}
    </section>
  );
}
