/** WhatsApp click-to-chat links (docs/product.md#whatsapp-hand-off) with the number from settings. */

/** 'https://wa.me/91XXXXXXXXXX?text=...' ; the number keeps digits only. */
export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/**
 * A stored number for people to read: Indian E.164 numbers as '+91 98320 55555' (the seeded
 * placeholder as '+91 00000 00000'), anything else as stored (docs/decisions/005-site-settings.md).
 * No phone metadata here, so public pages stay light.
 */
export function formatPhone(number: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(number);
  return m ? `+91 ${m[1]} ${m[2]}` : number;
}

/** 'tel:+910000000000' from a display phone number. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** What an 'Ask on WhatsApp' button asks about: a catalogue item by its kind and name. */
export type WhatsappSubject = {
  type: 'package' | 'bike' | 'car';
  /** The package title, bike model or car model. */
  name: string;
  /** The page's own address, added so the office sees which item the traveller looked at. */
  url?: string;
};

const openers: Record<WhatsappSubject['type'], (name: string) => string> = {
  package: (name) => `Hello! I'm interested in the "${name}" tour package. Could you share the price, available dates and what is included?`,
  bike: (name) => `Hello! I'd like to rent the ${name} bike. Is it available for my dates, and what is the daily rate?`,
  car: (name) => `Hello! I'd like to book the ${name}. Is it available for my dates, and what is the daily rate?`,
};

/** The prefilled text of an 'Ask on WhatsApp' link, naming the item (docs/product.md#whatsapp-hand-off). */
export function whatsappItemText({ type, name, url }: WhatsappSubject): string {
  const text = openers[type](name.trim());
  return url ? `${text}\n${url}` : text;
}

/** The 'Ask on WhatsApp' link of a package, bike or car, to the number from settings. */
export function whatsappItemLink(number: string, subject: WhatsappSubject): string {
  return whatsappLink(number, whatsappItemText(subject));
}

/**
 * A traveller's phone as wa.me wants it: digits with the country code. Indian numbers typed
 * without it (10 digits, or 11 with a leading 0) get 91; anything else keeps its digits as typed.
 */
export function whatsappDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `91${digits.slice(1)}`;
  return digits;
}

/** One pickup as a driver's WhatsApp message lists it. */
export type DutyLine = {
  pickupTime: string;
  guestName: string;
  guestPhone: string;
  pickupPlace: string;
  itemName: string;
  notes: string;
  vehicle?: string | null;
};

/**
 * The duty sheet's message to one driver (docs/decisions/048-trip-operations.md#the-duty-sheet):
 * the day, then each pickup on its own lines (time, guest and phone, place, trip, vehicle, notes).
 * `day` is how the date reads, e.g. 'Mon, Mar 10, 2027'.
 */
export function dutyMessage(driverName: string, day: string, pickups: readonly DutyLine[]): string {
  const lines = [`Namaste ${driverName}, your pickups for ${day}:`];
  for (const p of pickups) {
    lines.push('');
    lines.push(`${p.pickupTime} – ${p.guestName} (${p.guestPhone})`);
    lines.push(`Pickup: ${p.pickupPlace}`);
    lines.push(`Trip: ${p.itemName}`);
    if (p.vehicle) lines.push(`Vehicle: ${p.vehicle}`);
    if (p.notes) lines.push(`Notes: ${p.notes}`);
  }
  return lines.join('\n');
}
