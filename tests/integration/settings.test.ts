import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { ZodError } from 'zod';
import { db } from '~/db/client.server';
import { siteSettings } from '~/db/schema';
import { getSetting, updateSetting } from '~/models/settings.server';
import { defaultSettings, parseMapEmbed } from '~/schemas/settings';

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
  await db().insert(siteSettings).values({ key: 'company', value: { name: 42 } });
  expect(await getSetting('company')).toEqual(defaultSettings.company);
});

test('custom map embeds: one https iframe on an allowed host only', () => {
  expect(parseMapEmbed('<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4"></iframe>')).toMatchObject({ ok: true });
  expect(parseMapEmbed('<iframe src="http://www.openstreetmap.org/x"></iframe>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<iframe src="https://evil.example.com/x"></iframe>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<script>alert(1)</script>')).toMatchObject({ ok: false });
  expect(parseMapEmbed('<iframe src="https://www.google.com/maps/embed?pb=1"></iframe><iframe src="https://x.example"></iframe>')).toMatchObject({ ok: false });
});
