/**
 * How long staff sessions and the second step of a two-factor sign-in last
 * (docs/decisions/004-staff-authentication.md). Plain numbers in milliseconds, here in lib/ because
 * both the session model (app/models/session.server.ts, which ends rows) and the cookies
 * (app/lib/cookies.server.ts, whose Max-Age follows them) need them, and lib/ may not import models
 * (docs/architecture.md#layers).
 */

/** Idle timeout: a session unused for this long (ms) is over. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Absolute timeout: no session lives longer than this (ms) after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long after the password was last given (sign-in or 'Confirm your password') a sensitive
 * account change is allowed without asking for it again (ms; docs/decisions/045-security-round-two.md,
 * section 8).
 */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** How long the second step of a two-factor sign-in may take (ms). */
export const LOGIN_CHALLENGE_MS = 5 * 60 * 1000;
