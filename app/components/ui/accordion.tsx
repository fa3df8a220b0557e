/**
 * Accordion on Radix (docs/decisions/012-seo-and-accessibility.md: keyboard operable: Enter/Space
 * toggle, arrow keys, Home/End move between headers). Closed panels stay in the server HTML
 * (`hidden`), so their text is indexed and found by the browser's find-in-page once opened; nothing
 * animates height, so nothing shifts for reduced-motion users.
 */
import { Accordion as AccordionPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';

export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={cn('border-b border-forest-100 last:border-b-0', className)} {...props} />;
}

/** The header button; `level` is the heading level wrapping it (3 by default). */
export function AccordionTrigger({
  className,
  children,
  level = 3,
  ...props
}: ComponentProps<typeof AccordionPrimitive.Trigger> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as 'h3';
  return (
    <AccordionPrimitive.Header asChild>
      <Heading className="font-sans text-base">
        <AccordionPrimitive.Trigger
          className={cn(
            'group flex w-full items-center gap-4 py-4 text-left font-semibold text-ink transition-colors hover:text-forest-700',
            className,
          )}
          {...props}
        >
          {children}
          <Icon
            name="chevron-down"
            className="ml-auto size-5 shrink-0 text-forest-700 transition-transform duration-200 group-data-[state=open]:rotate-180"
          />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return <AccordionPrimitive.Content forceMount className={cn('pb-5 data-[state=closed]:hidden', className)} {...props} />;
}
