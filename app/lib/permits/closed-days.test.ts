import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays } from '~/lib/calendar-date';
import { closedDayClashes, closedDayRefusal, closedDaysText, clashText, permitAreaDays, weekdayOf } from './closed-days';

const NATHULA = { id: 'nathula-pap', name: 'Nathula PAP', closedWeekdays: [1, 2] };
const TSOMGO = { id: 'tsomgo-pap', name: 'Tsomgo Lake PAP', closedWeekdays: [] };
const areas = [NATHULA, TSOMGO];

// 2026-06-07 is a Sunday, so day 2 of a trip starting then is Monday 2026-06-08.
const SUNDAY = '2026-06-07';

describe('closedDayClashes', () => {
  test('a tagged Nathula day on a Monday is a certain clash naming the day', () => {
    const itinerary = [{}, { permitId: 'nathula-pap' }, {}];
    const clashes = closedDayClashes({ permitIds: ['nathula-pap'], itinerary, startDate: SUNDAY, areas });
    expect(clashes).toEqual([expect.objectContaining({ permitId: 'nathula-pap', date: '2026-06-08', weekday: 1, day: 2, certain: true })]);
    expect(clashText(clashes[0]!)).toBe('Nathula PAP is closed on Mondays and Tuesdays: day 2 of this trip would be Monday, Jun 8, 2026.');
    expect(closedDayRefusal(clashes)).toMatch(/Please choose another travel date\.$/);
  });

  test('the same trip a day later puts Nathula on a Tuesday, two days later on a Wednesday (open)', () => {
    const itinerary = [{}, { permitId: 'nathula-pap' }];
    expect(closedDayClashes({ permitIds: ['nathula-pap'], itinerary, startDate: '2026-06-08', areas })[0]?.weekday).toBe(2);
    expect(closedDayClashes({ permitIds: ['nathula-pap'], itinerary, startDate: '2026-06-09', areas })).toEqual([]);
  });

  test('an untagged permit flags every trip day on a closed weekday, never as certain, so nothing is refused', () => {
    const clashes = closedDayClashes({ permitIds: ['nathula-pap'], itinerary: [{}, {}, {}], startDate: SUNDAY, areas });
    expect(clashes.map((c) => [c.date, c.day, c.certain])).toEqual([
      ['2026-06-08', null, false],
      ['2026-06-09', null, false],
    ]);
    expect(closedDayRefusal(clashes)).toBeNull();
    expect(clashText(clashes[0]!)).toContain('no itinerary day is marked as visiting it');
  });

  test('permits without closed days, or unknown to the settings, never clash', () => {
    expect(closedDayClashes({ permitIds: ['tsomgo-pap', 'gone'], itinerary: [{ permitId: 'tsomgo-pap' }], startDate: SUNDAY, areas })).toEqual([]);
  });

  test('property: a clash is on a closed weekday of its permit, inside the trip, and tagged clashes are exactly the tagged closed days', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.array(fc.constantFrom<string | undefined>(undefined, 'nathula-pap', 'tsomgo-pap'), { minLength: 0, maxLength: 12 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6]),
        (offset, tags, closed) => {
          const startDate = addDays('2026-01-01', offset);
          const itinerary = tags.map((permitId) => ({ permitId }));
          const nathula = { ...NATHULA, closedWeekdays: closed };
          const clashes = closedDayClashes({ permitIds: ['nathula-pap'], itinerary, startDate, areas: [nathula, TSOMGO] });
          const last = addDays(startDate, Math.max(1, itinerary.length) - 1);
          for (const c of clashes) {
            expect(closed).toContain(weekdayOf(c.date));
            expect(c.date >= startDate && c.date <= last).toBe(true);
          }
          const taggedClosed = tags.flatMap((t, i) => (t === 'nathula-pap' && closed.includes(weekdayOf(addDays(startDate, i))) ? [i + 1] : []));
          if (tags.includes('nathula-pap')) expect(clashes.map((c) => c.day)).toEqual(taggedClosed);
          else expect(clashes.every((c) => !c.certain)).toBe(true);
        },
      ),
    );
  });
});

describe('permitAreaDays', () => {
  test('tagged days, or the whole trip when none is tagged', () => {
    expect(permitAreaDays('north-sikkim-pap', [{}, { permitId: 'north-sikkim-pap' }, { permitId: 'north-sikkim-pap' }], SUNDAY)).toEqual({
      tagged: true,
      days: [
        { day: 2, date: '2026-06-08' },
        { day: 3, date: '2026-06-09' },
      ],
    });
    expect(permitAreaDays('north-sikkim-pap', [], SUNDAY)).toEqual({ tagged: false, days: [{ day: 1, date: SUNDAY }] });
  });
});

test('closedDaysText lists the days in week order', () => {
  expect(closedDaysText([2, 1])).toBe('Mondays and Tuesdays');
  expect(closedDaysText([0, 6, 3])).toBe('Sundays, Wednesdays and Saturdays');
  expect(closedDaysText([4])).toBe('Thursdays');
});
