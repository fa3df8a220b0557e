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
  return <AccordionPrimitive.Item className={cn('accordion-item', className)} {...props} />;
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
        <AccordionPrimitive.Trigger className={cn('accordion-trigger', className)} {...props}>
          {children}
          <Icon name="chevron-down" className="accordion-chevron" />
        </AccordionPrimitive.Trigger>
      </Heading>
    </AccordionPrimitive.Header>
  );
}

/**
 * A panel. Radix writes two CSS variables for animating its height on every panel; nothing here
 * animates height, so they are left out of the HTML (a `style` value of undefined is not rendered).
 */
export function AccordionContent({ className, style, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content
      forceMount
      className={cn('accordion-content', className)}
      style={{ ['--radix-accordion-content-height' as string]: undefined, ['--radix-accordion-content-width' as string]: undefined, ...style }}
      {...props}
    />
  );
}
