/**
 * The signal that new mails sit in the outbox (docs/decisions/011-notifications-outbox.md): the
 * models call `notifyNewMail` after a submission or a status change has committed its mails, and the
 * sending loop (app/infrastructure/mail-delivery.server.ts) listens with `onNewMail` to send them at
 * once instead of at its next tick. It lives in lib/ so that the models need not import the loop
 * (docs/architecture.md#layers). Without a listener (the loop's module not loaded) it does nothing.
 */
import type { OutgoingEmail } from './mail-texts.server';

type Listener = (mails: OutgoingEmail[]) => void;

let listener: Listener | undefined;

/** Let `next` hear of every newly queued batch of mails (the one sending loop of the process). */
export function onNewMail(next: Listener): void {
  listener = next;
}

/** Called after mails were committed to the outbox: wake the sending loop. Never throws. */
export function notifyNewMail(mails: OutgoingEmail[]): void {
  listener?.(mails);
}
