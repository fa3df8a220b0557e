/**
 * The tabs of the bike and car editors (Basic Info, Specifications, Gallery), built so that every
 * field is always part of the form:
 *
 * - Before hydration (and so without JavaScript) the tab list is hidden and the panels are shown one
 *   under the other, each with its heading: the form posts every field and can be filled in full.
 * - Once hydrated they are tabs (Radix: arrow keys, announced state). Inactive panels stay mounted
 *   (`forceMount`) and only `hidden`, so their inputs are still submitted.
 * - After a submit that failed, the editor calls `firstTabWithErrors` and switches to the first tab
 *   that holds an error when the current one holds none.
 */
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { cn } from '~/lib/cn';
import { useHydrated } from './use-hydrated';

export type EditorTab = {
  value: string;
  label: string;
  /** Top-level field names whose inputs are on this tab (their nested names count too). */
  fields: readonly string[];
  content: ReactNode;
};

/** True when the error key `name` belongs to the field `field` ('gallery[2]' to 'gallery'). */
function belongsTo(name: string, field: string): boolean {
  return name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`);
}

/**
 * The tab to show after a failed submit: `current` when it holds one of the errors (or there are
 * none on any tab), else the first tab that holds one.
 */
export function firstTabWithErrors(tabs: readonly Pick<EditorTab, 'value' | 'fields'>[], errorNames: readonly string[], current: string): string {
  const names = errorNames.filter((n) => n !== '');
  const holds = (tab: Pick<EditorTab, 'fields'>) => names.some((n) => tab.fields.some((f) => belongsTo(n, f)));
  const active = tabs.find((t) => t.value === current);
  if (active && holds(active)) return current;
  return tabs.find(holds)?.value ?? current;
}

export function EditorTabs({
  tabs,
  value,
  onValueChange,
  label,
  errorNames,
}: {
  tabs: readonly EditorTab[];
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name of the tab list, e.g. 'Bike details'. */
  label: string;
  /** Fields with errors, to mark their tabs. */
  errorNames: readonly string[];
}) {
  const hydrated = useHydrated();
  return (
    <Tabs value={value} onValueChange={onValueChange} className="flex flex-col gap-5">
      <TabsList hidden={!hydrated} aria-label={label} className="max-w-xl">
        {tabs.map((tab) => {
          const invalid = errorNames.some((n) => tab.fields.some((f) => belongsTo(n, f)));
          return (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
              {invalid ? (
                <>
                  <span aria-hidden className="size-2 rounded-full bg-flag-red" />
                  <span className="sr-only">(has errors)</span>
                </>
              ) : null}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.value}
          value={tab.value}
          forceMount
          hidden={hydrated && tab.value !== value}
          // The panels hold focusable fields, so the panel itself need not be a tab stop.
          tabIndex={-1}
          className="flex flex-col gap-6"
        >
          <h2 className={cn(hydrated ? 'sr-only' : 'font-display text-xl font-semibold text-ink')}>{tab.label}</h2>
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
