/**
 * The side card of the request forms (/booking, /inquire): call the office or chat on WhatsApp,
 * through /go/whatsapp with the page's topic (docs/decisions/049-whatsapp-leads.md).
 */
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { formatPhone, telLink } from '~/lib/whatsapp';
import { whatsappGoHref, type WhatsappTopic } from '~/lib/whatsapp-leads';

export function PreferToTalk({ company, topic, from }: { company: { phone: string }; topic: WhatsappTopic; from: string }) {
  return (
    <div className="rounded-card border border-forest-100 p-6">
      <h2 className="text-xl font-semibold">Prefer to talk?</h2>
      <p className="mt-1 text-[0.95rem] text-muted">Our Gangtok office answers calls and WhatsApp messages.</p>
      <div className="mt-4 flex flex-col gap-2">
        <a href={telLink(company.phone)} className={buttonClass('outline', 'md')}>
          <Icon name="phone" className="size-4" /> Call {formatPhone(company.phone)}
        </a>
        <a href={whatsappGoHref({ topic, from })} target="_blank" rel="noopener" className={buttonClass('whatsapp', 'md')}>
          <Icon name="message-circle" className="size-4" /> Chat on WhatsApp
        </a>
      </div>
    </div>
  );
}
