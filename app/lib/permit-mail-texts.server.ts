/**
 * The traveller's reminders to send their permit documents (docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard):
 * one when the documents fall due (the package's days before travel), one 3 days before travel,
 * each naming the permits, the trip and the due day, and linking to the booking page where the
 * travellers' IDs and photos are uploaded.
 */
import type { Booking } from '~/db/schema';
import type { Settings } from '~/schemas/settings';
import { formatDate } from './format';
import { shortReference } from './ids';
import type { OutgoingEmail } from './mail-texts.server';
import { bookingLines, officeLines } from './payment-mail-texts.server';

/** Which reminder: at the documents' deadline, or the last one 3 days before travel. */
export type PermitReminderWhen = 'deadline' | 'final';

/**
 * The reminder mail (kind 'status') for `booking`: `permits` are the permit names, `dueOn` the
 * documents' due day ('YYYY-MM-DD'), `pageUrl` a fresh link to the traveller's booking page.
 */
export function permitReminderMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate' | 'name' | 'email'>,
  { when, permits, dueOn }: { when: PermitReminderWhen; permits: string[]; dueOn: string },
  company: Pick<Settings['company'], 'name' | 'phone' | 'whatsappNumber'>,
  pageUrl: string,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const what = permits.length > 0 ? permits.join(', ') : 'the permits';
  const opening =
    when === 'final'
      ? `Your trip starts on ${formatDate(booking.startDate)}, in 3 days, and we still do not have every traveller's ID and passport-size photo for ${what}. Without them we cannot apply, and the days in the permit area may be lost. Please send them today.`
      : `To apply for ${what} for your trip, we need each traveller's details, an ID scan and a passport-size photo. They were due on ${formatDate(dueOn)}: please send them as soon as you can.`;
  return {
    to: booking.email,
    kind: 'status',
    subject: `${when === 'final' ? 'Last reminder: ' : ''}Travellers' documents needed for your permit, booking #${ref} - ${company.name}`,
    text: `Hello ${booking.name},\n\n${opening}\n\n${bookingLines(booking)}\n\nAdd the travellers and upload their documents on your booking page:\n${pageUrl}\n\nAlready sent them? Please ignore this reminder.\n\nQuestions? Reply to this e-mail or contact our office:\n${officeLines(company)}\n\n${company.name}\n`,
  };
}
