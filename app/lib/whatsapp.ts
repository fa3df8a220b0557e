/** WhatsApp click-to-chat links (spec section 7) with the number from settings. */

/** 'https://wa.me/91XXXXXXXXXX?text=...' ; the number keeps digits only. */
export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/** 'tel:+910000000000' from a display phone number. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
