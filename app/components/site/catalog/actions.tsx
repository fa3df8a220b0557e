/**
 * The two actions of every catalogue item: Book Now (the global dialogs of the forms issue, through
 * `useSiteDialogs()`) and Ask on WhatsApp (a wa.me link naming the item, number from settings). An
 * unavailable vehicle's Book Now is disabled and reads 'Currently Unavailable'
 * (docs/product.md#vehicle-availability).
 */
import { CalendarCheck } from 'lucide-react';
import { useSiteDialogs, type BookableItem, type BookableVehicle } from '~/components/site/site-dialogs';
import { buttonClass } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** WhatsApp's glyph (decorative; the link text names the action). `className` replaces the default size-5. */
export function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('fill-current', className ?? 'size-5')}>
      <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.16-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.47-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.6.13-.14.3-.35.45-.52.15-.18.2-.3.3-.5.1-.2.05-.37-.03-.52-.07-.15-.67-1.61-.91-2.2-.24-.58-.49-.5-.67-.5h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.07c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.69.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2.01-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35M12.05 21.5h-.01a9.87 9.87 0 0 1-5.03-1.38l-.36-.21-3.74.98 1-3.65-.24-.37a9.86 9.86 0 0 1-1.51-5.26c0-5.45 4.44-9.88 9.89-9.88 2.64 0 5.12 1.03 6.99 2.9a9.83 9.83 0 0 1 2.89 6.99c0 5.45-4.44 9.88-9.88 9.88m8.41-18.3A11.82 11.82 0 0 0 12.05 0C5.5 0 .16 5.34.16 11.89c0 2.1.55 4.14 1.59 5.95L.06 24l6.3-1.65a11.88 11.88 0 0 0 5.68 1.45h.01c6.55 0 11.89-5.34 11.89-11.89 0-3.18-1.24-6.16-3.48-8.41" />
    </svg>
  );
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
      rel="noopener noreferrer"
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
  const { openBooking } = useSiteDialogs();
  return (
    <button type="button" onClick={() => openBooking(item)} className={buttonClass('accent', 'md', cn(fullWidth && 'w-full', className))}>
      <CalendarCheck className="size-5" aria-hidden />
      Book Now
    </button>
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
  const { openVehicleBooking } = useSiteDialogs();
  if (!vehicle.available) {
    return (
      <button type="button" disabled className={buttonClass('unavailable', size, cn(fullWidth && 'w-full', 'whitespace-nowrap', className))}>
        Currently Unavailable
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={() => openVehicleBooking(vehicle)}
      aria-label={size === 'sm' ? `${label}: ${vehicle.model}` : undefined}
      className={buttonClass('accent', size, cn(fullWidth && 'w-full', 'whitespace-nowrap', className))}
    >
      {size === 'md' ? <CalendarCheck className="size-5" aria-hidden /> : null}
      {label}
    </button>
  );
}
