/**
 * /rural-tourism (docs/product.md#content-pages): hero, what rural tourism is, the four offerings, the four
 * destinations with highlights, the commitment section and WhatsApp links.
 */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { ruralCommitments, ruralDestinations, ruralOfferings } from '~/content/rural';
import { pageMeta, siteNameFrom } from '~/lib/meta';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import type { Route } from './+types/rural-tourism';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    'Rural Tourism & Village Homestays',
    'Stay with local families in Uttarey, Kaluk, Dzongu and Lingdem: homestays, culture, nature walks and responsible travel in rural Sikkim.',
    siteNameFrom(matches),
  );

const whatsappClass = buttonClass('whatsapp', 'md');

export default function RuralTourism() {
  return (
    <>
      <section aria-labelledby="rural-title" className="relative isolate overflow-hidden bg-forest-900 text-white">
        <Picture src="/images/rural/hero.svg" alt="" width={1600} height={900} priority className="absolute inset-0 -z-20 size-full object-cover" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-forest-900/95 via-forest-900/70 to-forest-900/20" aria-hidden />
        <div className="container-page pt-32 pb-20 md:pt-44 md:pb-28">
          <p className="eyebrow text-marigold-light">Rural tourism</p>
          <h1 id="rural-title" className="mt-2 max-w-3xl text-display font-semibold text-balance">
            Live the village life of Sikkim
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/90">
            Homestays with local families, home-cooked food, festivals and forest trails, far from the crowds and close to the people.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={whatsappGoHref({ topic: 'rural-homestay', from: '/rural-tourism' })}
              target="_blank"
              rel="noopener"
              className={buttonClass('whatsapp', 'lg')}
            >
              <Icon name="message-circle" className="size-5" />
              Plan on WhatsApp
            </a>
            <Link to="/packages?category=rural" className={buttonClass('light', 'lg')}>
              Rural Tour Packages
            </Link>
          </div>
        </div>
      </section>

      <SectionReveal aria-labelledby="what-title" className="container-page grid gap-10 py-20 md:grid-cols-2 md:py-28">
        <div>
          <p className="eyebrow">What is rural tourism?</p>
          <h2 id="what-title" className="mt-2 text-title font-semibold">
            Travel that stays with the village
          </h2>
        </div>
        <div className="space-y-4 text-lg text-muted">
          <p>
            Rural tourism means staying in the villages themselves: in family homes instead of hotels, eating what the farm grows and learning the rhythm of
            mountain life from the people who live it.
          </p>
          <p>
            Your money goes straight to the hosts, guides and cooks of the village, helping young people build a future at home and keeping old crafts, songs
            and recipes alive.
          </p>
        </div>
      </SectionReveal>

      <SectionReveal aria-labelledby="offerings-title" className="bg-mist py-20 md:py-28">
        <div className="container-page">
          <p className="eyebrow text-center">What we offer</p>
          <h2 id="offerings-title" className="mt-2 text-center text-title font-semibold">
            Four ways to know rural Sikkim
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {ruralOfferings.map((offering) => (
              <li key={offering.title} className="overflow-hidden card shadow-sm">
                <Picture src={offering.image} alt="" width={600} height={450} className="aspect-[4/3] w-full bg-forest-50 object-cover" />
                <div className="p-5">
                  <h3 className="text-xl font-semibold">{offering.title}</h3>
                  <p className="mt-2 text-muted">{offering.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </SectionReveal>

      <SectionReveal aria-labelledby="destinations-title" className="container-page py-20 md:py-28">
        <p className="eyebrow">Destinations</p>
        <h2 id="destinations-title" className="mt-2 text-title font-semibold">
          Villages we know by heart
        </h2>
        <ul className="mt-12 grid gap-8 md:grid-cols-2">
          {ruralDestinations.map((place) => (
            <li key={place.name}>
              <article className="flex h-full flex-col overflow-hidden card shadow-sm">
                <Picture
                  src={place.image}
                  alt={`${place.name}, ${place.district}`}
                  width={1200}
                  height={800}
                  className="aspect-[3/2] w-full bg-mist object-cover"
                />
                <div className="flex flex-1 flex-col gap-3 p-6">
                  <p className="flex items-center gap-1.5 text-sm text-muted">
                    <Icon name="map-pin" className="size-4 text-forest-500" />
                    {place.district}
                  </p>
                  <h3 className="text-2xl font-semibold">{place.name}</h3>
                  <p className="text-muted">{place.text}</p>
                  <ul className="space-y-1.5" aria-label={`Highlights of ${place.name}`}>
                    {place.highlights.map((h) => (
                      <li key={h} className="flex items-center gap-2">
                        <Icon name="check" className="size-4 text-forest-500" />
                        {h}
                      </li>
                    ))}
                  </ul>
                  <a
                    href={whatsappGoHref({ topic: `homestay:${place.name}`, from: '/rural-tourism' })}
                    target="_blank"
                    rel="noopener"
                    className={`${whatsappClass} mt-auto self-start`}
                  >
                    <Icon name="message-circle" className="size-5" />
                    Ask about {place.name}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </SectionReveal>

      <SectionReveal aria-labelledby="commitment-title" className="container-page pb-20 md:pb-28">
        <div className="grid gap-10 rounded-panel bg-forest-900 p-8 text-white md:grid-cols-2 md:p-12">
          <div>
            <p className="eyebrow text-marigold-light">Our commitment</p>
            <h2 id="commitment-title" className="mt-2 text-title font-semibold">
              Good for you, good for the village
            </h2>
            <p className="mt-4 text-lg text-forest-100">
              We work with a small number of host families we know personally, and we keep groups small so every visit is a welcome one.
            </p>
          </div>
          <div className="flex flex-col justify-center gap-6">
            <ul className="space-y-3">
              {ruralCommitments.map((c) => (
                <li key={c} className="flex items-start gap-3">
                  <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-marigold text-ink">
                    <Icon name="check" className="size-3.5" />
                  </span>
                  {c}
                </li>
              ))}
            </ul>
            <a
              href={whatsappGoHref({ topic: 'rural-homestay', from: '/rural-tourism' })}
              target="_blank"
              rel="noopener"
              className={`${whatsappClass} self-start`}
            >
              <Icon name="message-circle" className="size-5" />
              Chat with us on WhatsApp
            </a>
          </div>
        </div>
      </SectionReveal>
    </>
  );
}
