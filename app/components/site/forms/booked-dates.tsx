/**
 * The days a bike or car is already confirmed for, under its booking form's dates, and the message
 * shown at once when the chosen dates overlap them
 * (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms). The list is in the
 * server-rendered HTML; the check runs in the browser as the visitor picks dates (no request), and
 * the server answers the same message should the form be sent anyway.
 */
import { useEffect, useState } from 'react';
import { bookedDatesMessage, formatBookedRanges, overlappingRanges, type BookedRange } from '~/lib/booked-dates';

/** The confirmed ranges of a vehicle as its forms receive them, with today's date in India. */
export type BookedDates = { ranges: BookedRange[]; today: string };

function valueOf(form: HTMLFormElement, name: string): string {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ? element.value : '';
}

/**
 * The form's start and end date as they are now: read from the DOM when the form mounts (so dates
 * picked before the page's scripts ran count too) and again on every input, change and reset.
 */
function useChosenDates(formId: string): { start: string; end: string } {
  const [dates, setDates] = useState({ start: '', end: '' });
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const read = () => setDates({ start: valueOf(form, 'startDate'), end: valueOf(form, 'endDate') });
    // A reset changes the values after its event.
    const readLater = () => setTimeout(read, 0);
    read();
    form.addEventListener('input', read);
    form.addEventListener('change', read);
    form.addEventListener('reset', readLater);
    return () => {
      form.removeEventListener('input', read);
      form.removeEventListener('change', read);
      form.removeEventListener('reset', readLater);
    };
  }, [formId]);
  return dates;
}

/**
 * 'Already booked: 12–14 Jan, 20 Jan' (nothing when the vehicle is free from today on) and, while
 * the chosen dates overlap those days, the message in a live region. `serverErrors`: the start
 * date's errors from the last answer, so the same message is not shown twice.
 */
export function BookedDatesNotice({
  formId,
  type,
  booked,
  serverErrors,
}: {
  formId: string;
  type: 'bike' | 'car';
  booked: BookedDates | null | undefined;
  serverErrors?: string[];
}) {
  const { start, end } = useChosenDates(formId);
  const ranges = booked?.ranges ?? [];
  const overlaps = booked ? overlappingRanges(ranges, start, end) : [];
  const message = booked && overlaps.length > 0 ? bookedDatesMessage(type, overlaps, booked.today) : '';
  const shown = message && !serverErrors?.includes(message) ? message : '';
  if (!booked || ranges.length === 0) return null;
  return (
    <div className="-mt-2 grid gap-1 sm:col-span-2">
      <p data-testid="booked-dates" className="field-hint">
        Already booked: {formatBookedRanges(ranges, booked.today)}
      </p>
      <p className="field-error" aria-live="polite" data-testid="booked-overlap">
        {shown}
      </p>
    </div>
  );
}
