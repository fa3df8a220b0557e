/**
 * The two actions of every catalogue item: Book Now (a `DialogLink`: the booking dialog once scripts
 * run, the booking page before and without them) and Ask on WhatsApp (a link through /go/whatsapp, which counts the click and redirects to wa.me with a text naming the item). An
 * unavailable vehicle's Book Now is disabled and reads 'Currently Unavailable'
 * (docs/product.md#vehicle-availability).
 */
import { DialogLink, type BookableItem, type BookableVehicle } from '~/components/site/site-dialogs';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';

/** WhatsApp's glyph (decorative; the link text names the action). `className` replaces the default size-5. */
export function WhatsAppIcon({ className }: { className?: string }) {
  return <Icon name="whatsapp" className={className ?? 'size-5'} />;
}

/** Ask on WhatsApp: full width unless `fullWidth` is false; `compact` shows only the icon. */
export function WhatsAppButton({
  href,
  label = 'Ask on WhatsApp',
  className,
  compact,
  fullWidth = true,
}: {
  href: string;
  label?: string;
  className?: string;
  compact?: boolean;
  fullWidth?: boolean;
}) {
  return (
    <a
      href={href}
      target="_blank"
      // A link through /go/whatsapp sends the page's address (its UTM tags) to our own redirect,
      // which does not pass it on (docs/decisions/049-whatsapp-leads.md); wa.me itself gets none.
      rel={href.startsWith('/') ? 'noopener' : 'noopener noreferrer'}
      aria-label={compact ? label : undefined}
      // A darker green than the variant's: white text on it passes AA contrast (5.9:1).
      className={buttonClass('whatsapp', compact ? 'icon' : 'md', cn(!compact && fullWidth && 'w-full', className))}
    >
      <WhatsAppIcon />
      {compact ? null : label}
    </a>
  );
}

/**
 * Book Now of a package: the global booking dialog with the package selected
 * (docs/product.md#package-detail). Full width unless `fullWidth` is false.
 */
export function BookPackageButton({ item, className, fullWidth = true }: { item: BookableItem; className?: string; fullWidth?: boolean }) {
  return (
    <DialogLink dialog={{ kind: 'booking', item }} className={buttonClass('accent', 'md', cn(fullWidth && 'w-full', className))}>
      <Icon name="calendar-check" className="size-5" />
      Book Now
    </DialogLink>
  );
}

/** Book Now of a bike or car: its booking form; disabled and 'Currently Unavailable' when not available. */
export function BookVehicleButton({
  vehicle,
  className,
  size = 'md',
  label = 'Book Now',
  fullWidth = true,
}: {
  vehicle: BookableVehicle;
  className?: string;
  /** Full width (the default) or as wide as its label. */
  fullWidth?: boolean;
  size?: 'sm' | 'md';
  /** Text of the enabled button; on cards (size sm) screen readers also hear the model. */
  label?: string;
}) {
  if (!vehicle.available) {
    return (
      <button type="button" disabled className={buttonClass('unavailable', size, cn(fullWidth && 'w-full', 'whitespace-nowrap', className))}>
        Currently Unavailable
      </button>
    );
  }
  return (
    <DialogLink
      dialog={{ kind: 'vehicle', vehicle }}
      aria-label={size === 'sm' ? `${label}: ${vehicle.model}` : undefined}
      className={buttonClass('accent', size, cn(fullWidth && 'w-full', 'whitespace-nowrap', className))}
    >
      {size === 'md' ? <Icon name="calendar-check" className="size-5" /> : null}
      {label}
    </DialogLink>
  );
}
