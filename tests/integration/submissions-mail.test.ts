/**
 * Notifications (docs/decisions/011-notifications-outbox.md) through a real local SMTP server
 * (smtp-server): after a submission commits, the operator and the traveller get their mails; a
 * failing server leaves them in the outbox for a retry and never loses the submission.
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverPending } from '~/infrastructure/mail-delivery.server';
import { createBooking, getBooking } from '~/models/booking.server';
import { createInquiry } from '~/models/inquiry.server';
import { listOutbox } from '~/models/outbox.server';
import { defaultSettings } from '~/schemas/settings';
import { createBike } from '../factories';
import { inDays, traveller } from './submissions-helpers';

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const transport = (p: number) => nodemailer.createTransport({ host: '127.0.0.1', port: p, secure: false, ignoreTLS: true, connectionTimeout: 2000 });

describe('notification mails', () => {
  test('a booking mails the operator and acknowledges the traveller', async () => {
    const bike = await createBike({ model: 'Himalayan 450 Mail' });
    const booking = await createBooking({
      type: 'bike',
      itemId: bike.id,
      ...traveller,
      message: 'Pickup at MG Marg',
      publicityConsent: false,
      startDate: inDays(3),
      endDate: undefined,
      needHelmet: true,
    });
    const result = await deliverPending(transport(port), 'Himalayan Tours <no-reply@example.com>');
    expect(result).toEqual({ sent: 2, failed: 0 });
    const toOperator = received.find((m) => m.to.includes(defaultSettings.company.email));
    const toTraveller = received.find((m) => m.to.includes(traveller.email));
    expect(toOperator?.raw).toContain('Himalayan 450 Mail');
    expect(toOperator?.raw).toContain('Pickup at MG Marg');
    expect(toTraveller?.raw).toMatch(/will contact you within 24 hours/);
    const outbox = await listOutbox();
    expect(outbox.filter((m) => m.status === 'sent')).toHaveLength(2);
    expect((await getBooking(booking.id))?.status).toBe('pending');
  });

  test('when the SMTP server is down the mails stay pending with the error and the inquiry is kept', async () => {
    received.length = 0;
    const inquiry = await createInquiry({
      type: 'contact',
      name: 'Karma',
      email: 'karma@example.com',
      phone: '',
      subject: 'Homestay',
      message: 'Is Dzongu open in July?',
    });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const p = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const result = await deliverPending(transport(closedPort));
    expect(result).toEqual({ sent: 0, failed: 2 });
    const pending = (await listOutbox()).filter((m) => m.status === 'pending');
    expect(pending).toHaveLength(2);
    expect(pending.every((m) => m.attempts === 1 && (m.lastError ?? '').length > 0)).toBe(true);
    expect(received).toHaveLength(0);
    const { getInquiry } = await import('~/models/inquiry.server');
    expect((await getInquiry(inquiry.id))?.subject).toBe('Homestay');
  });
});
