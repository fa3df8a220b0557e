/**
 * The WhatsApp click-to-chat text of the inquiry dialog (docs/product.md#whatsapp-hand-off):
 * "Hello! I'd like to make a {type} inquiry:" then one 'Label: value' line per non-empty field,
 * labels derived from the field names, and the inquiry date.
 */
import { formatDate, todayInIndia } from '~/lib/format';

/** 'pickupLocation' -> 'Pickup Location'. */
export function labelFromFieldName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_]+/);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * `fields` in display order; values already human-readable (package title instead of its id).
 * Empty values are left out; `inquiryDate` (today, Asia/Kolkata) is appended.
 */
export function inquiryWhatsAppText(type: string, fields: [name: string, value: string | number | undefined | null][], now = new Date()): string {
  const lines = fields
    .filter(([, value]) => value !== undefined && value !== null && String(value).trim() !== '')
    .map(([name, value]) => `${labelFromFieldName(name)}: ${String(value).trim()}`);
  lines.push(`${labelFromFieldName('inquiryDate')}: ${formatDate(todayInIndia(now))}`);
  return `Hello! I'd like to make a ${type} inquiry:\n${lines.join('\n')}`;
}
