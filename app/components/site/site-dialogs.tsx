/**
 * The site's global dialogs (spec section 2: Inquiry dialog, booking dialogs, book-now callbacks),
 * opened from anywhere through `useSiteDialogs()`.
 *
 * CONTRACT (shared by the chrome, the catalogue pages and the forms):
 * - `openInquiry(tab?)`: the inquiry dialog (tabs packages / cabs / rentals).
 * - `openBooking(item?)`: the global booking dialog, with the item preselected when given.
 * - `openVehicleBooking(vehicle)`: the bike or car booking form of a detail page.
 * Until the forms issue lands, each falls back to navigating to /booking.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

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

const SiteDialogsContext = createContext<SiteDialogs | null>(null);

export function SiteDialogsProvider({ children }: { options: DialogOptions; children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<SiteDialogs>(
    () => ({
      openInquiry: () => navigate('/booking'),
      openBooking: () => navigate('/booking'),
      openVehicleBooking: () => navigate('/booking'),
    }),
    [navigate],
  );
  return <SiteDialogsContext.Provider value={value}>{children}</SiteDialogsContext.Provider>;
}

/** The dialog openers; throws outside the site layout. */
export function useSiteDialogs(): SiteDialogs {
  const value = useContext(SiteDialogsContext);
  if (!value) throw new Error('useSiteDialogs must be used inside SiteDialogsProvider');
  return value;
}
