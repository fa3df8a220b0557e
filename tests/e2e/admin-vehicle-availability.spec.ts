/**
 * Availability before a traveller asks (docs/decisions/048-trip-operations.md#availability-on-the-booking-forms):
 * once staff confirm a bike's booking, its booking page and its booking dialog list those days, and
 * choosing dates over them says so at once, next to the dates, without a request; sent anyway
 * (without JavaScript) the server answers the same message on the start date instead of 'submitted
 * successfully'. Days next to them are free. Then the bike's calendar feed, copied from its edit
 * page, holds the booking as an all-day event.
 *
 * Admin project: it confirms a booking, on days no other admin test uses (`freeBookingStart`).
 */
import { expect, test } from './fixtures';
import { expectFlash, freeBookingStart, inDays, signIn, uniqueTag } from './admin-helpers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the forms list it: '12 Jan', with the year when it is not this year's in India. */
function shown(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}${String(y) !== inDays(0).slice(0, 4) ? ` ${y}` : ''}`;
}

test('confirmed days are listed on the bike booking forms and overlapping dates are refused at once and by the server', async ({ page, browser, request }) => {
  const bikes = (await (await request.get('/api/bikes?filter=available')).json()) as { id: string; model: string }[];
  const bike = bikes[0]!;
  const start = freeBookingStart();
  const tag = uniqueTag();
  // A pending booking from the public API, then confirmed by staff.
  const created = await request.post('/api/bookings', {
    data: {
      type: 'bike',
      itemId: bike.id,
      name: `Avail ${tag}`,
      email: 'avail@example.com',
      phone: '+91 98320 12345',
      startDate: inDays(start),
      endDate: inDays(start + 2),
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await signIn(page, { redirectTo: `/admin/bookings/${id}` });
  await page.getByRole('button', { name: /^Confirm Booking/ }).click();
  await expectFlash(page, 'Booking confirmed');

  // A visitor's booking page, in a context of its own (no staff cookie: the cached public page),
  // dates typed as soon as the fields are there, not waiting for the scripts.
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(`/bikes/${bike.id}/book`);
  const booked = form.getByTestId('booked-dates');
  await expect(booked).toContainText('Already booked:');
  const days = inDays(start).slice(0, 7) === inDays(start + 2).slice(0, 7) ? `${Number(inDays(start).slice(8))}–${shown(inDays(start + 2))}` : null;
  if (days) await expect(booked).toContainText(days);
  await form.getByLabel('Start date').fill(inDays(start + 2));
  await form.getByLabel('End date').fill(inDays(start + 4));
  const overlap = form.getByTestId('booked-overlap');
  await expect(overlap).toContainText('This bike is already booked on');
  await expect(overlap).toContainText('Please choose other dates.');
  // The day after the stay is free: the message goes.
  await form.getByLabel('Start date').fill(inDays(start + 3));
  await expect(overlap).toBeEmpty();
  await visitor.close();

  // The detail page's booking dialog does the same (its days fetched when it opens).
  const dialogContext = await browser.newContext();
  const detail = await dialogContext.newPage();
  await detail.goto(`/bikes/${bike.id}`);
  await expect(detail.locator('html[data-hydrated]')).toHaveCount(1);
  await detail.getByRole('main').getByRole('link', { name: 'Book Now' }).first().click();
  const dialog = detail.getByRole('dialog', { name: `Book ${bike.model}` });
  await expect(dialog.getByTestId('booked-dates')).toContainText('Already booked:');
  await dialog.getByLabel('Start date').fill(inDays(start + 1));
  await expect(dialog.getByTestId('booked-overlap')).toContainText('This bike is already booked on');
  await dialogContext.close();

  // Without JavaScript the form is sent: the server answers the same message on the start date.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(`/bikes/${bike.id}/book`);
  await expect(plain.getByTestId('booked-dates')).toContainText('Already booked:');
  await plain.getByLabel('Full name').fill(`NoJs ${tag}`);
  await plain.getByLabel('Email').fill('nojs@example.com');
  await plain.getByLabel('Phone').fill('+91 98320 54321');
  await plain.getByLabel('Start date').fill(inDays(start));
  const answer = plain.waitForResponse((r) => r.request().method() === 'POST');
  await plain.getByRole('button', { name: 'Submit Booking' }).click();
  expect((await answer).status()).toBe(409);
  await expect(plain.getByLabel('Start date')).toHaveAttribute('aria-invalid', 'true');
  await expect(plain.getByText('This bike is already booked on').first()).toBeVisible();
  await expect(plain.getByText('Bike booking submitted successfully!')).toHaveCount(0);
  await noJs.close();

  // Staff copy the bike's calendar feed from its edit page; the booking is an all-day event in it.
  await page.goto(`/admin/bikes/edit/${bike.id}`);
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await expect(feed).toContainText("Add to your phone's calendar");
  const url = await feed.getByLabel(`Calendar feed address of ${bike.model}`).inputValue();
  expect(url).toMatch(new RegExp(`/calendars/bikes/${bike.id}/[A-Za-z0-9_-]{22}\\.ics$`));
  const ics = await request.get(url);
  expect(ics.status()).toBe(200);
  expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain(`UID:booking-${id}@127.0.0.1`);
  expect(text).toContain(`DTSTART;VALUE=DATE:${inDays(start).replaceAll('-', '')}`);
  expect(text).toContain(`DTEND;VALUE=DATE:${inDays(start + 3).replaceAll('-', '')}`);
  expect((await request.get(url.replace(/[A-Za-z0-9_-]{22}\.ics$/, 'AAAAAAAAAAAAAAAAAAAAAA.ics'))).status()).toBe(404);
  // The calendar page lists it too.
  await page.goto('/admin/calendar');
  await expect(page.getByRole('region', { name: 'Phone calendars' }).getByLabel(`Calendar feed address of bike ${bike.model}`)).toHaveValue(url);
});
