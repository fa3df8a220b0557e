/**
 * What the inquiry details dialog (inquiry-dialog.tsx) writes about an inquiry: its fields as
 * label/value rows, and the reply and call links.
 */
import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { INQUIRY_TYPE_LABELS } from '~/schemas/inquiry-admin';
import type { InquiryDetail } from './inquiry-page.server';

/** A `mailto:` address: the few characters that would end the address part are escaped. */
export function mailtoHref(email: string, subject: string): string {
  const address = email.replace(/[?#&%\s]/g, (c) => encodeURIComponent(c));
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** A `tel:` link's number: digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** 'custom' or '3' → 'Custom duration' or '3 days'. */
function durationText(duration: string): string {
  if (duration === 'custom') return 'Custom duration';
  return `${duration} ${duration === '1' ? 'day' : 'days'}`;
}

/** The fields the inquiry has, in reading order; empty ones are left out. */
export function detailFields(inquiry: InquiryDetail): { label: string; value: ReactNode }[] {
  const dateLabel = inquiry.type === 'rentals' ? 'Start date' : inquiry.type === 'cabs' ? 'Date' : 'Travel date';
  const rows: { label: string; value: ReactNode }[] = [{ label: 'Type', value: INQUIRY_TYPE_LABELS[inquiry.type] }];
  const add = (label: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') rows.push({ label, value });
  };
  add('Subject', inquiry.subject);
  add(inquiry.type === 'packages' ? 'Destination' : 'Package', inquiry.packageTitle);
  add(dateLabel, inquiry.travelDate ? formatDate(inquiry.travelDate) : null);
  add('Guests', inquiry.guests);
  add('Pickup', inquiry.pickupLocation);
  add('Drop-off', inquiry.dropoffLocation);
  add('Cab type', inquiry.carModel);
  add('Bike type', inquiry.bikeModel);
  add('Duration', inquiry.rentalDuration ? durationText(inquiry.rentalDuration) : null);
  add('Bikes', inquiry.bikeCount);
  return rows;
}
