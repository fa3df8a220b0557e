/**
 * The site's global dialogs (docs/product.md#forms-and-validation: inquiry dialog, booking dialogs,
 * book-now callbacks), opened from anywhere through `useSiteDialogs()`.
 *
 * CONTRACT (shared by the chrome, the catalogue pages and the forms):
 * - `openInquiry(tab?)`: the inquiry dialog (tabs packages / cabs / rentals).
 * - `openBooking(item?)`: the global booking dialog, with the item preselected when given.
 * - `openVehicleBooking(vehicle)`: the bike or car booking form of a detail page.
 *
 * Every control that opens a dialog is a `DialogLink`: a link to the page that does the same job
 * (`/inquire?tab=…`, `/booking?package=…`, `/bikes/:id/book`, `/cars/:id/book`), so a press before
 * the page's scripts have run, or without them, still gets the visitor there; once scripts run, a
 * plain click opens the dialog in place instead (docs/architecture.md, "Controls before and after
 * hydration").
 *
 * The forms load on intent: when a visitor points at, focuses or touches a `DialogLink` (or at the
 * first open), so pages that never open a dialog do not pay for them. A press answers at once: until
 * the form's code and options are there, the dialog's frame shows with its title and a busy state
 * (`DrawerFrame`), and the form takes its place when it arrives.
 * Their option lists (packages, cars, bikes) come with them from /dialog-options.json
 * (app/routes/dialog-options.ts) rather than in every page's HTML; a dialog opens once both are
 * there. Deep links open a dialog too, e.g. for a WhatsApp or newsletter link:
 * `?inquire=cabs`, `?book=package:<id>`, `?book=bike:<id>` (the parameter is then removed).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useRouteLoaderData, useSearchParams } from 'react-router';
import { DrawerFrame } from '~/components/ui/drawer-frame';
import type * as DialogFormsModule from './forms/site-dialog-forms';
import { onFirstActivity, onFirstIntent } from '~/lib/first-intent';

export type DialogOptions = {
  packages: { id: string; title: string }[];
  cars: { id: string; model: string }[];
  bikes: { id: string; model: string }[];
};

export type InquiryTab = 'packages' | 'cabs' | 'rentals';
export type BookableItem = { type: 'package' | 'bike' | 'car'; id: string; name: string };
export type BookableVehicle = { type: 'bike' | 'car'; id: string; model: string; dailyRate: number | null; available: boolean };

type SiteDialogs = {
  open: (request: DialogRequest) => void;
  openInquiry: (tab?: InquiryTab) => void;
  openBooking: (item?: BookableItem) => void;
  openVehicleBooking: (vehicle: BookableVehicle) => void;
};

type OpenDialog = { kind: 'inquiry'; tab: InquiryTab } | { kind: 'booking'; item?: BookableItem } | { kind: 'vehicle'; vehicle: BookableVehicle } | null;

const SiteDialogsContext = createContext<SiteDialogs | null>(null);

type DialogForms = typeof DialogFormsModule;
let formsRequest: Promise<DialogForms> | null = null;

/**
 * The dialogs' code, imported once per page session (a failed import is tried again at the next
 * opening). Held in state rather than behind `React.lazy` and `<Suspense>`: React keeps a Suspense
 * fallback on screen for at least 300 ms once shown, which held every first dialog back by that
 * much after its code had arrived.
 */
function loadForms(): Promise<DialogForms> {
  formsRequest ??= import('./forms/site-dialog-forms').catch((error: unknown) => {
    formsRequest = null;
    throw error;
  });
  return formsRequest;
}

const TABS: readonly InquiryTab[] = ['packages', 'cabs', 'rentals'];

/** Where the option lists are served (app/routes/dialog-options.ts). */
export const DIALOG_OPTIONS_URL = '/dialog-options.json';

const NO_OPTIONS: DialogOptions = { packages: [], cars: [], bikes: [] };
let optionsRequest: Promise<DialogOptions> | null = null;

/**
 * The dialogs' option lists, fetched once per page session. When they cannot be fetched (offline,
 * a server error) the dialogs open with empty lists, so an inquiry can still be sent without a
 * package or vehicle named, and the next opening tries again.
 */
function loadOptions(): Promise<DialogOptions> {
  optionsRequest ??= fetch(DIALOG_OPTIONS_URL, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<DialogOptions>) : Promise.reject(new Error(response.statusText))))
    .catch(() => {
      optionsRequest = null;
      return NO_OPTIONS;
    });
  return optionsRequest;
}

/** What a `DialogLink` opens. */
export type DialogRequest = { kind: 'inquiry'; tab?: InquiryTab } | { kind: 'booking'; item?: BookableItem } | { kind: 'vehicle'; vehicle: BookableVehicle };

/**
 * The page that does a dialog's job without scripts: the inquiry form with its tab, Book Your Tour
 * with the package chosen, a bike's or car's booking page.
 */
export function dialogPageHref(request: DialogRequest): string {
  switch (request.kind) {
    case 'inquiry':
      return request.tab && request.tab !== 'packages' ? `/inquire?tab=${request.tab}` : '/inquire';
    case 'booking':
      return request.item?.type === 'package' ? `/booking?package=${encodeURIComponent(request.item.id)}` : '/booking';
    case 'vehicle':
      return `/${request.vehicle.type === 'bike' ? 'bikes' : 'cars'}/${encodeURIComponent(request.vehicle.id)}/book`;
  }
}

/** A click the browser should handle itself: another button, or a modifier asking for a new tab or window. */
function isBrowserClick(event: MouseEvent): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A control that opens one of the site's dialogs: a link to the page doing the same job
 * (`dialogPageHref`) that, once scripts run, opens the dialog in place on a plain click. Hovering,
 * focusing or touching it starts loading the forms.
 */
export function DialogLink({ dialog, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { dialog: DialogRequest }) {
  const dialogs = useSiteDialogs();
  return (
    <a
      {...props}
      href={dialogPageHref(dialog)}
      data-dialog-trigger=""
      onClick={(event) => {
        onClick?.(event);
        if (isBrowserClick(event)) return;
        event.preventDefault();
        dialogs.open(dialog);
      }}
    />
  );
}

/** The WhatsApp number from the site layout's settings (company.whatsappNumber). */
function useWhatsAppNumber(): string {
  const layout = useRouteLoaderData('routes/site/layout') as { company?: { whatsappNumber?: string } } | undefined;
  return layout?.company?.whatsappNumber ?? '';
}

export function SiteDialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The option lists, once fetched (the dialogs render from then on).
  const [options, setOptions] = useState<DialogOptions | null>(null);
  // The dialogs' code, once imported.
  const [forms, setForms] = useState<DialogForms | null>(null);
  // What the forms show: `dialog`, once the press that asked for it has painted (see below).
  const [shown, setShown] = useState<OpenDialog>(null);
  // Keeps the last dialog mounted while it closes, so focus returns to the opener and state stays.
  const [mounted, setMounted] = useState<Exclude<OpenDialog, null>[]>([]);
  const [inquiryTab, setInquiryTab] = useState<InquiryTab>('packages');
  const whatsappNumber = useWhatsAppNumber();
  const [searchParams, setSearchParams] = useSearchParams();

  const show = useCallback((next: Exclude<OpenDialog, null>) => {
    void loadOptions().then(setOptions);
    // Without its code the frame stays up, and the next opening tries the import again.
    loadForms().then(setForms, () => {});
    setDialog(next);
  }, []);

  // A press paints the light frame first; the form (about a tenth of a second of rendering the
  // first time) replaces it from the next frame on, so it never holds up the press's own paint.
  // (A transition alone is not enough: React may render it before the browser paints.)
  useEffect(() => {
    if (dialog === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frameId = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        startTransition(() => {
          setShown(dialog);
          setMounted((list) => [...list.filter((d) => d.kind !== dialog.kind), dialog]);
        }),
      );
    });
    return () => {
      cancelAnimationFrame(frameId);
      clearTimeout(timer);
    };
  }, [dialog]);

  const value = useMemo<SiteDialogs>(() => {
    const openInquiry = (tab?: InquiryTab) => {
      const t = tab ?? 'packages';
      setInquiryTab(t);
      show({ kind: 'inquiry', tab: t });
    };
    const openBooking = (item?: BookableItem) => show({ kind: 'booking', item });
    const openVehicleBooking = (vehicle: BookableVehicle) => show({ kind: 'vehicle', vehicle });
    return {
      openInquiry,
      openBooking,
      openVehicleBooking,
      open: (request) =>
        request.kind === 'inquiry' ? openInquiry(request.tab) : request.kind === 'booking' ? openBooking(request.item) : openVehicleBooking(request.vehicle),
    };
  }, [show]);

  // Start loading the forms when a visitor becomes active on the page (idle time after their first
  // move, scroll, touch or key), or at once when they show intent to open one (one delegated
  // listener): by the time they press, the form is usually there.
  useEffect(() => {
    const preload = () => {
      // The options first: the forms' code is a dozen requests that would queue ahead of it.
      void loadOptions();
      loadForms().catch(() => {});
    };
    const stopIntent = onFirstIntent('[data-dialog-trigger]', ['pointerover', 'focusin', 'touchstart'], preload);
    const stopActivity = onFirstActivity(preload);
    return () => {
      stopIntent();
      stopActivity();
    };
  }, []);

  // Deep links: ?inquire=<tab> and ?book=<type>:<id>.
  const inquire = searchParams.get('inquire');
  const book = searchParams.get('book');
  useEffect(() => {
    if (inquire === null && book === null) return;
    if (inquire !== null) value.openInquiry((TABS as readonly string[]).includes(inquire) ? (inquire as InquiryTab) : 'packages');
    else if (book !== null) {
      const [type, id = ''] = book.split(':', 2);
      void loadOptions().then((options) => {
        if (type === 'package') {
          const pkg = options.packages.find((p) => p.id === id);
          value.openBooking(pkg ? { type: 'package', id: pkg.id, name: pkg.title } : undefined);
        } else if (type === 'bike' || type === 'car') {
          const found = (type === 'bike' ? options.bikes : options.cars).find((v) => v.id === id);
          if (found) value.openVehicleBooking({ type, id: found.id, model: found.model, dailyRate: null, available: true });
          else value.openBooking();
        } else value.openBooking();
      });
    }
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('inquire');
        next.delete('book');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [inquire, book, value, setSearchParams]);

  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const close = useCallback(() => setDialog(null), []);
  // Closing is immediate: a form is open only while it shows what is asked for.
  const shownDialog = shown === dialog ? dialog : null;
  const ready = forms !== null && options !== null;
  // Until the form is there (its code, its options, its render), the dialog's frame answers the press.
  const frame = dialog && (!ready || shownDialog !== dialog) ? <DrawerFrame title={dialogTitle(dialog)} onClose={close} /> : null;

  return (
    <SiteDialogsContext.Provider value={value}>
      {children}
      {frame}
      {ready
        ? mounted.map((d) =>
            d.kind === 'inquiry' ? (
              <forms.InquiryDialog
                key="inquiry"
                open={shownDialog?.kind === 'inquiry'}
                onOpenChange={onOpenChange}
                tab={inquiryTab}
                onTabChange={setInquiryTab}
                options={options}
                whatsappNumber={whatsappNumber}
              />
            ) : d.kind === 'booking' ? (
              <forms.BookingDialog
                key={`booking-${d.item?.id ?? 'any'}`}
                open={shownDialog?.kind === 'booking'}
                onOpenChange={onOpenChange}
                item={d.item}
                options={options}
              />
            ) : (
              <forms.VehicleBookingDialog
                key={`vehicle-${d.vehicle.id}`}
                open={shownDialog?.kind === 'vehicle'}
                onOpenChange={onOpenChange}
                vehicle={d.vehicle}
              />
            ),
          )
        : null}
    </SiteDialogsContext.Provider>
  );
}

/** The title a dialog opens with (the real dialogs show the same: forms/site-dialog-forms.tsx). */
function dialogTitle(dialog: Exclude<OpenDialog, null>): string {
  if (dialog.kind === 'inquiry') return 'Plan your trip with us';
  if (dialog.kind === 'booking') return dialog.item ? `Book ${dialog.item.name}` : 'Book your trip';
  return `Book ${dialog.vehicle.model}`;
}

/** The dialog openers; throws outside the site layout. */
export function useSiteDialogs(): SiteDialogs {
  const value = useContext(SiteDialogsContext);
  if (!value) throw new Error('useSiteDialogs must be used inside SiteDialogsProvider');
  return value;
}
