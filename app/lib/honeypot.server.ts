/**
 * Honeypot for public forms (docs/product.md#shared-field-rules). Every form carries a field named
 * HONEYPOT_FIELD that is hidden from people (off-screen, aria-hidden, not tabbable, autocomplete off).
 *
 * Choice: a filled honeypot is silently accepted and dropped. The bot gets the same success answer
 * as a person (so it learns nothing to adapt to); nothing is stored and no e-mail is sent.
 */
import { HONEYPOT_FIELD } from '~/schemas/submission-fields';
import { logger } from './logger.server';

/** True when the body's honeypot field is filled (the submission is a bot's). */
export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = Object.prototype.hasOwnProperty.call(body, HONEYPOT_FIELD) ? body[HONEYPOT_FIELD] : undefined;
  const filled = value !== undefined && value !== null && value !== '';
  if (filled) logger.info('honeypot filled: submission dropped');
  return filled;
}
