/**
 * Inquiries (docs/decisions/003-visitor-submissions-stored.md, 013-open-points-resolved.md): the
 * inquiry dialog's tabs and the contact form, stored with status `pending` together with their
 * notification mails in one transaction.
 */
import { eq } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bikes, cars, inquiries, tourPackages, type Inquiry, type NewInquiry } from '~/db/schema';
import { InvalidReference } from '~/lib/errors.server';
import { publishLive } from '~/lib/live-events.server';
import { inquiryMails, notifyNewMail, operatorEmail } from '~/lib/mailer.server';
import type { InquiryInput } from '~/schemas/inquiry';
import { enqueueEmails } from './outbox.server';
import { getSettings } from './settings.server';

async function lookup(tx: Executor, kind: 'package' | 'car' | 'bike', id: string): Promise<{ id: string; name: string }> {
  const [row] =
    kind === 'package'
      ? await tx.select({ id: tourPackages.id, name: tourPackages.title }).from(tourPackages).where(eq(tourPackages.id, id))
      : kind === 'car'
        ? await tx.select({ id: cars.id, name: cars.model }).from(cars).where(eq(cars.id, id))
        : await tx.select({ id: bikes.id, name: bikes.model }).from(bikes).where(eq(bikes.id, id));
  if (!row) {
    const path = kind === 'package' ? 'destination' : kind === 'car' ? 'cabType' : 'bikeType';
    throw new InvalidReference(`Unknown ${kind}`, [{ path, message: `Please choose a ${kind} from the list` }]);
  }
  return row;
}

/** Store an inquiry (status pending) and queue its mails, in one transaction; InvalidReference for an unknown item. */
export async function createInquiry(input: InquiryInput): Promise<Inquiry> {
  const settings = await getSettings(['company', 'notifications']);
  let mails: ReturnType<typeof inquiryMails> = [];
  const inquiry = await db().transaction(async (tx) => {
    const values: NewInquiry = {
      type: input.type,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
      status: 'pending',
    };
    switch (input.type) {
      case 'packages': {
        values.travelDate = input.date;
        values.guests = input.guests ?? null;
        if (input.destination) {
          const pkg = await lookup(tx, 'package', input.destination);
          values.packageId = pkg.id;
          values.packageTitle = pkg.name;
        }
        break;
      }
      case 'cabs': {
        values.travelDate = input.date;
        values.pickupLocation = input.pickupLocation;
        values.dropoffLocation = input.dropoffLocation;
        if (input.cabType) {
          const car = await lookup(tx, 'car', input.cabType);
          values.carId = car.id;
          values.carModel = car.name;
        }
        break;
      }
      case 'rentals': {
        values.travelDate = input.date;
        values.rentalDuration = input.rentalDuration ?? null;
        values.bikeCount = input.bikeCount;
        if (input.bikeType) {
          const bike = await lookup(tx, 'bike', input.bikeType);
          values.bikeId = bike.id;
          values.bikeModel = bike.name;
        }
        break;
      }
      case 'contact': {
        values.subject = input.subject;
        break;
      }
    }
    const [row] = await tx.insert(inquiries).values(values).returning();
    mails = inquiryMails(row!, settings.company, operatorEmail(settings));
    await enqueueEmails(tx, mails);
    return row!;
  });
  notifyNewMail(mails);
  publishLive({ type: 'inquiry.created', id: inquiry.id, label: `New inquiry from ${inquiry.name}` });
  return inquiry;
}

/** The inquiry, or null (tests and the admin). */
export async function getInquiry(id: string): Promise<Inquiry | null> {
  const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
  return row ?? null;
}
