import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const base = 'http://127.0.0.1:3320';
await page.goto(base + '/admin/login');
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('e2e-admin-password');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(/\/admin$/);
await page.screenshot({ path: '/tmp/adminux-shots/dash-720.png' });
await page.setViewportSize({ width: 1280, height: 900 });
await page.screenshot({ path: '/tmp/adminux-shots/dash-900.png' });
await page.goto(base + '/admin/bookings');
const reject = page.getByRole('button', { name: /^Reject booking of/ }).first();
if (await reject.count()) { await reject.click(); await page.getByRole('alertdialog').waitFor(); await page.screenshot({ path: '/tmp/adminux-shots/reject.png' }); }
await browser.close();
