/**
 * The site's cookies: the staff session (HttpOnly, SameSite=Lax, Secure when the site is served over
 * https), the one-request flash toast, and the 5-minute token of a two-factor sign-in's second step.
 * Created on first use, since `Secure` follows PUBLIC_URL
 * (docs/decisions/004-staff-authentication.md).
 */
import { createCookie, type Cookie } from 'react-router';
import { env } from './env.server';
import { LOGIN_CHALLENGE_MS, SESSION_ABSOLUTE_MS } from './session-times';

/** True when the site's public address is https: cookies are then `Secure` (and `__Host-` named). */
export function secureCookies(): boolean {
  return env().PUBLIC_URL.startsWith('https://');
}

let session: Cookie | undefined;
let flash: Cookie | undefined;
let challenge: Cookie | undefined;

/** The staff session cookie; its value is the session token. */
export function sessionCookie(): Cookie {
  session ??= createCookie(secureCookies() ? '__Host-hx_session' : 'hx_session', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
  return session;
}

/** The flash toast cookie, read once by the next page. */
export function flashCookie(): Cookie {
  flash ??= createCookie(secureCookies() ? '__Host-hx_flash' : 'hx_flash', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    maxAge: 60,
  });
  return flash;
}

/**
 * The login challenge cookie (docs/decisions/004-staff-authentication.md#two-factor-sign-in): the
 * random token of the second step of a two-factor sign-in, for 5 minutes. HttpOnly, SameSite=Lax.
 */
export function loginChallengeCookie(): Cookie {
  challenge ??= createCookie(secureCookies() ? '__Host-hx_login' : 'hx_login', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    maxAge: Math.floor(LOGIN_CHALLENGE_MS / 1000),
  });
  return challenge;
}
