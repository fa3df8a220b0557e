/** Call to action near the end of the home page (docs/product.md#home): inquire, call or WhatsApp. */
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { telLink } from '~/lib/whatsapp';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { DialogLink } from '../site-dialogs';

export function CallToAction({ phone }: { phone: string }) {
  return (
    <SectionReveal aria-labelledby="cta-title" className="container-page pb-20 md:pb-28">
      <div className="relative isolate overflow-hidden rounded-panel bg-forest-700 px-6 py-14 text-center text-white md:px-16 md:py-20">
        <svg aria-hidden viewBox="0 0 1200 200" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-32 w-full text-forest-800">
          <path fill="currentColor" d="M0 200V120l140-70 120 60 160-95 150 90 130-60 170 85 140-70 190 80v60z" />
        </svg>
        <p className="eyebrow text-marigold-light">Plan with a local</p>
        <h2 id="cta-title" className="mx-auto mt-2 max-w-2xl text-title font-semibold text-balance">
          Ready for your Himalayan adventure?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-forest-50">
          Tell us your dates and interests. We reply within 24 hours with a day-by-day plan and honest road times.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <DialogLink dialog={{ kind: 'inquiry' }} className={buttonClass('accent', 'lg')}>
            Plan My Trip
          </DialogLink>
          <a
            // Through /go/whatsapp, which counts the click (docs/decisions/049-whatsapp-leads.md).
            href={whatsappGoHref({ topic: 'general', from: '/' })}
            target="_blank"
            rel="noopener"
            className={buttonClass('whatsapp', 'lg')}
          >
            <Icon name="message-circle" className="size-5" />
            WhatsApp Us
          </a>
          <a href={telLink(phone)} className={buttonClass('light', 'lg')}>
            <Icon name="phone" className="size-5" />
            Call {phone}
          </a>
        </div>
      </div>
    </SectionReveal>
  );
}
