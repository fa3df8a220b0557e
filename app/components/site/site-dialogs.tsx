/**
 * The site's global dialogs (docs/product.md#forms-and-validation: inquiry dialog, booking dialogs,
 * book-now callbacks), opened from anywhere through `useSiteDialogs()`.
 *
 * CONTRACT (shared by the chrome, the catalogue pages and the forms):
 * - `openInquiry(tab?)`: the inquiry dialog (tabs packages / cabs / rentals).
 * - `openBooking(item?)`: the global booking dialog, with the item preselected when given.
 * - `openVehicleBooking(vehicle)`: the bike or car booking form of a detail page.
 *
 * The forms load on intent: when a visitor points at, focuses or touches an element marked with
 * `{...dialogTrigger}` (or at the first open), so pages that never open a dialog do not pay for them.
 * Their option lists (packages, cars, bikes) come with them from /dialog-options.json
 * (app/routes/dialog-options.ts) rather than in every page's HTML; a dialog opens once both are
 * there. Deep links open a dialog too, e.g. for a WhatsApp or newsletter link:
 * `?inquire=cabs`, `?book=package:<id>`, `?book=bike:<id>` (the parameter is then removed).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useRouteLoaderData, useSearchParams } from 'react-router';
import { onFirstIntent } from '~/lib/first-intent';

export type DialogOptions = {
  packages: { id: string; title: string }[];
  cars: { id: string; model: string }[];
  bikes: { id: string; model: string }[];
};

export type InquiryTab = 'packages' | 'cabs' | 'rentals';
export type BookableItem = { type: 'package' | 'bike' | 'car'; id: string; name: string };
export type BookableVehicle = { type: 'bike' | 'car'; id: string; model: string; dailyRate: number | null; available: boolean };

type SiteDialogs = {
  openInquiry: (tab?: InquiryTab) => void;
  openBooking: (item?: BookableItem) => void;
  openVehicleBooking: (vehicle: BookableVehicle) => void;
};

type OpenDialog =
  | { kind: 'inquiry'; tab: InquiryTab }
  | { kind: 'booking'; item?: BookableItem }
  | { kind: 'vehicle'; vehicle: BookableVehicle }
  | null;

const SiteDialogsContext = createContext<SiteDialogs | null>(null);

const loadForms = () => import('./forms/site-dialog-forms');
const InquiryDialog = lazy(() => loadForms().then((m) => ({ default: m.InquiryDialog })));
const BookingDialog = lazy(() => loadForms().then((m) => ({ default: m.BookingDialog })));
const VehicleBookingDialog = lazy(() => loadForms().then((m) => ({ default: m.VehicleBookingDialog })));

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

/** Spread on every button that opens a dialog: hovering, focusing or touching it starts loading the forms. */
export const dialogTrigger = { 'data-dialog-trigger': '' } as const;

/** The WhatsApp number from the site layout's settings (company.whatsappNumber). */
function useWhatsAppNumber(): string {
  const layout = useRouteLoaderData('routes/site/layout') as { company?: { whatsappNumber?: string } } | undefined;
  return layout?.company?.whatsappNumber ?? '';
}

export function SiteDialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The option lists, once fetched (the dialogs render from then on).
  const [options, setOptions] = useState<DialogOptions | null>(null);
  // Keeps the last dialog mounted while it closes, so focus returns to the opener and state stays.
  const [mounted, setMounted] = useState<Exclude<OpenDialog, null>[]>([]);
  const [inquiryTab, setInquiryTab] = useState<InquiryTab>('packages');
  const whatsappNumber = useWhatsAppNumber();
  const [searchParams, setSearchParams] = useSearchParams();

  const show = useCallback((next: Exclude<OpenDialog, null>) => {
    void loadOptions().then(setOptions);
    setDialog(next);
    setMounted((list) => [...list.filter((d) => d.kind !== next.kind), next]);
  }, []);

  const value = useMemo<SiteDialogs>(
    () => ({
      openInquiry: (tab) => {
        const t = tab ?? 'packages';
        setInquiryTab(t);
        show({ kind: 'inquiry', tab: t });
      },
      openBooking: (item) => show({ kind: 'booking', item }),
      openVehicleBooking: (vehicle) => show({ kind: 'vehicle', vehicle }),
    }),
    [show],
  );

  // Start loading the forms when a visitor shows intent to open one (one delegated listener).
  useEffect(
    () =>
      onFirstIntent('[data-dialog-trigger]', ['pointerover', 'focusin', 'touchstart'], () => {
        void loadForms();
        void loadOptions();
      }),
    [],
  );

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

  return (
    <SiteDialogsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {options === null ? null : mounted.map((d) =>
          d.kind === 'inquiry' ? (
            <InquiryDialog
              key="inquiry"
              open={dialog?.kind === 'inquiry'}
              onOpenChange={onOpenChange}
              tab={inquiryTab}
              onTabChange={setInquiryTab}
              options={options}
              whatsappNumber={whatsappNumber}
            />
          ) : d.kind === 'booking' ? (
            <BookingDialog
              key={`booking-${d.item?.id ?? 'any'}`}
              open={dialog?.kind === 'booking'}
              onOpenChange={onOpenChange}
              item={d.item}
              options={options}
            />
          ) : (
            <VehicleBookingDialog
              key={`vehicle-${d.vehicle.id}`}
              open={dialog?.kind === 'vehicle'}
              onOpenChange={onOpenChange}
              vehicle={d.vehicle}
            />
          ),
        )}
      </Suspense>
    </SiteDialogsContext.Provider>
  );
}

/** The dialog openers; throws outside the site layout. */
export function useSiteDialogs(): SiteDialogs {
  const value = useContext(SiteDialogsContext);
  if (!value) throw new Error('useSiteDialogs must be used inside SiteDialogsProvider');
  return value;
}
