/**
 * Shared steps of the admin end-to-end tests: sign in through the real login form as the first
 * admin (created by the test server from ADMIN_PASSWORD).
 */
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config';

export const ADMIN_USERNAME = 'admin';
export { E2E_ADMIN_PASSWORD };

/** Sign in at /admin/login (optionally with ?redirectTo=) and wait until the admin area shows. */
export async function signIn(page: Page, { redirectTo }: { redirectTo?: string } = {}) {
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/admin/login');
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo ? redirectTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '/admin'}(\\?.*)?$`));
}
