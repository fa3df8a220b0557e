import { describe, expect, test } from 'vitest';
import { normalizeInputNames } from './input-names';

describe('normalizeInputNames (docs/decisions/009-rest-api.md#input)', () => {
  test('top-level snake_case names become camelCase; the camelCase spelling wins when both are sent', () => {
    expect(normalizeInputNames({ daily_rate: 1, image_url: '/a.svg', imageUrl: '/b.svg', name: 'x' })).toEqual({ dailyRate: 1, imageUrl: '/b.svg', name: 'x' });
  });

  test('nested names change only with `nested`, down to four levels', () => {
    const body = { specifications: { fuel_capacity: '17 L' }, itinerary: [{ stay_at: 'Gangtok', meals: { day_one: { a_b: 1 } } }] };
    expect(normalizeInputNames(body)).toEqual(body);
    expect(normalizeInputNames(body, { nested: true })).toEqual({
      specifications: { fuelCapacity: '17 L' },
      itinerary: [{ stayAt: 'Gangtok', meals: { dayOne: { a_b: 1 } } }],
    });
  });

  test('an alias fills its name only when the body does not send the name; the first alias found wins', () => {
    const aliases = { travelDate: 'date', startDate: 'date', inquiryType: 'type' };
    expect(normalizeInputNames({ travel_date: '2031-01-02', start_date: '2031-05-06', inquiry_type: 'cabs' }, { aliases })).toMatchObject({
      date: '2031-01-02',
      type: 'cabs',
    });
    expect(normalizeInputNames({ date: '2031-03-04', travelDate: '2031-01-02' }, { aliases }).date).toBe('2031-03-04');
  });

  test('a __proto__ key changes no prototype, and the result is a fresh object', () => {
    const body = JSON.parse('{"__proto__":{"polluted":true},"a_b":{"polluted":true}}') as Record<string, unknown>;
    const out = normalizeInputNames(body, { nested: true, aliases: { aB: '__proto__' } });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(out.aB).toEqual({ polluted: true });
    expect(out).not.toBe(body);
    expect(body).toHaveProperty('a_b');
  });
});
