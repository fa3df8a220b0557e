import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { ZodError } from 'zod';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema';
import { getSetting, updateSetting } from '~/models/settings.server';
import { defaultSettings } from '~/schemas/settings';

test('a missing setting reads as its default; a saved one reads back', async () => {
  expect(await getSetting('ratings')).toEqual(defaultSettings.ratings);
  await updateSetting('ratings', { rating: '4.8', reviewsText: '140+ reviews', travelersText: 'Rated by 120+ travelers' });
  expect((await getSetting('ratings')).reviewsText).toBe('140+ reviews');
});

test('an invalid value is refused with the field named, and nothing is written', async () => {
  await expect(updateSetting('map', { ...defaultSettings.map, zoom: 21 })).rejects.toThrow(ZodError);
  await expect(updateSetting('map', { ...defaultSettings.map, zoom: 21 })).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['zoom'] })] });
  expect(await db().select().from(siteSettings).where(eq(siteSettings.key, 'map'))).toEqual([]);
});

test('a corrupted stored value falls back to the default instead of breaking pages', async () => {
  await db()
    .insert(siteSettings)
    .values({ key: 'company', value: { name: 42 } });
  expect(await getSetting('company')).toEqual(defaultSettings.company);
});
