import { safeParse } from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { tourRequestSchema } from '~/schemas/booking';
import { withClosedDayCheck } from './closed-day-check';

const PACKAGE = '6f1c2a4e-8b1d-4c3e-9f7a-2b5d8e0c1a34';
const packages = [{ packageId: PACKAGE, tags: [null, 'nathula-pap', null], areas: [{ id: 'nathula-pap', name: 'Nathula PAP', closedWeekdays: [1, 2] }] }];

/** The first Sunday 30 days or more from today (India): day 2 of a trip starting then is a Monday. */
function sunday(): string {
  let date = addDays(todayInIndia(), 30);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) date = addDays(date, 1);
  return date;
}

const form = (startDate: string, itemId = PACKAGE) => ({
  type: 'package',
  itemId,
  name: 'Pema Lhamu',
  email: 'pema@example.com',
  phone: '+91 98320 12345',
  startDate,
  adults: '2',
  children: '0',
  message: '',
});

describe('withClosedDayCheck (the Book Your Tour form as the visitor types)', () => {
  const schema = withClosedDayCheck(tourRequestSchema, packages);

  test('a start putting the Nathula day on a Monday is an error on the travel date, with the server’s message', () => {
    const result = safeParse(schema, form(sunday()));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['startDate'],
        message: expect.stringMatching(/^Nathula PAP is closed on Mondays and Tuesdays: day 2 .* Please choose another travel date\.$/),
      }),
    ]);
  });

  test('a start two days later, or another package, passes', () => {
    expect(safeParse(schema, form(addDays(sunday(), 2))).success).toBe(true);
    expect(safeParse(schema, form(sunday(), 'custom')).success).toBe(true);
  });
});
