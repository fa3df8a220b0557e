/** Tabs on Radix (arrow keys move between tabs; the active tab is announced). */
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-mist p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold text-muted transition-colors hover:text-ink',
        'data-[state=active]:bg-white data-[state=active]:text-forest-700 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('focus-visible:outline-none', className)} {...props} />;
}
