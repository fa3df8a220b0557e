/**
 * The staff sign-in form and POST /api/auth/login body (docs/product.md, "Forms and validation":
 * username and password required), and the code of the second step for a user with two-factor
 * sign-in on (docs/decisions/004-staff-authentication.md#two-factor-sign-in). Client-safe: Conform
 * uses them in the browser.
 */
import { z } from 'zod';

/** A TOTP code ('123456', '123 456') or a recovery code ('abcde-fghjk'), as typed. */
const code = z.string().trim().max(64, 'At most 64 characters');

export const loginSchema = z.object({
  username: z.string({ error: 'Please enter your username' }).trim().min(1, 'Please enter your username').max(100, 'At most 100 characters'),
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(1024, 'At most 1024 characters'),
  /**
   * API only, for a user with two-factor sign-in on: the 6-digit code of the authenticator app or an
   * unused recovery code. The login page asks for it in a second step instead.
   */
  code: code.optional().describe('For a user with two-factor sign-in on: the 6-digit code of the authenticator app, or an unused recovery code'),
  redirectTo: z.string().max(500).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** The login page's second step: the code, and where to go afterwards. */
export const loginCodeSchema = z.object({
  code: z.string({ error: 'Please enter the code' }).pipe(code.min(1, 'Please enter the code')),
  redirectTo: z.string().max(500).optional(),
});
