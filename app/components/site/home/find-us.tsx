/**
 * Find Us (docs/product.md#other-home-sections): office map from the map settings, address, phone
 * and office hours.
 */
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { formatPhone, telLink } from '~/lib/whatsapp';
import type { Settings } from '~/schemas/settings';
import { MapFacade } from '~/components/ui/office-map';
import { SectionHeading } from './section-heading';

export function FindUs({ map, company }: { map: Settings['map']; company: Settings['company'] }) {
  return (
    <SectionReveal aria-labelledby="find-us-title" className="bg-mist py-20 md:py-28">
      <div className="container-page">
        <SectionHeading
          id="find-us-title"
          eyebrow="Visit us"
          title="Find Us in Gangtok"
          intro="Drop by our office for a cup of tea and a chat about your route."
        />
        <div className="mt-10 grid gap-8 md:grid-cols-[1.4fr_1fr]">
          <MapFacade map={map} className="h-80 md:h-full md:min-h-96" />
          <div className="space-y-6 rounded-card bg-white p-6 shadow-sm md:p-8">
            <p className="flex gap-3">
              <Icon name="map-pin" className="mt-1 size-5 shrink-0 text-forest-700" />
              <span>
                <span className="block font-semibold">{map.title || company.name}</span>
                <span className="text-muted">{company.address}</span>
              </span>
            </p>
            <p className="flex gap-3">
              <Icon name="phone" className="mt-1 size-5 shrink-0 text-forest-700" />
              <a href={telLink(company.phone)} className="font-semibold text-forest-700 underline-offset-4 hover:underline">
                {formatPhone(company.phone)}
              </a>
            </p>
            <p className="flex gap-3">
              <Icon name="mail" className="mt-1 size-5 shrink-0 text-forest-700" />
              <a href={`mailto:${company.email}`} className="font-semibold text-forest-700 underline-offset-4 hover:underline">
                {company.email}
              </a>
            </p>
            <div className="flex gap-3">
              <Icon name="clock" className="mt-1 size-5 shrink-0 text-forest-700" />
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {company.officeHours.map((h) => (
                  <div key={h.days} className="contents">
                    <dt className="font-semibold">{h.days}</dt>
                    <dd className="text-muted">{h.hours}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
      </div>
    </SectionReveal>
  );
}
