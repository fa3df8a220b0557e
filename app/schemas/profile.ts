/**
 * The forms of one's own account (/admin/profile) and of staff management (/admin/staff)
 * (docs/decisions/004-staff-authentication.md). Client-safe: Conform uses them in the browser. The
 * password rules that need the common-password list (`passwordProblem`) are checked on the server
 * only; here a new password is only required and at most 128 characters.
 */
import { z } from 'zod';
import { USER_ROLES } from '~/lib/constants';

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A password as typed: not trimmed (spaces count), required. */
const password = (message: string) => z.string({ error: message }).min(1, message).max(1024, 'At most 1024 characters');

/** A display name: 1 to 100 characters. */
export const displayName = requiredText('Please enter a name', 100);

/** Usernames: stored lower-case, 3 to 40 of a-z 0-9 . _ - (docs/decisions/004-staff-authentication.md#accounts). */
export const username = z
  .string({ error: 'Please enter a username' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a username')
  .regex(/^[a-z0-9._-]{3,40}$/, 'Use 3 to 40 letters, digits, dots, dashes or underscores');

/** /admin/profile: the display name. */
export const profileNameSchema = z.object({ name: displayName });

/** /admin/profile: a new password, with the current one. */
export const changePasswordSchema = z
  .object({
    currentPassword: password('Please enter your current password'),
    newPassword: password('Please enter a new password').pipe(z.string().max(128, 'Use at most 128 characters')),
    confirmPassword: password('Please enter the new password again'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'The two new passwords do not match' });

/** /admin/profile: the code that confirms the set-up of two-factor sign-in. */
export const enrolCodeSchema = z.object({
  code: z
    .string({ error: 'Please enter the 6-digit code' })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code your app shows')),
});

/**
 * /admin/profile: proof before two-factor sign-in is turned off or recovery codes are replaced:
 * the current password, or a code (TOTP or recovery).
 */
export const confirmIdentitySchema = z
  .object({
    password: z.string().max(1024, 'At most 1024 characters').optional(),
    code: z.string().trim().max(64, 'At most 64 characters').optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), { path: ['password'], message: 'Enter your password or a code' });

/** /admin/staff: a new account. */
export const newStaffSchema = z.object({
  username,
  name: displayName,
  role: z.enum(USER_ROLES, { error: 'Choose admin or staff' }),
  password: password('Please enter a first password').pipe(z.string().max(128, 'Use at most 128 characters')),
});

/** /admin/staff: a new password for someone else. */
export const resetPasswordSchema = z.object({
  id: z.uuid('Unknown staff member'),
  password: password('Please enter a new password').pipe(z.string().max(128, 'Use at most 128 characters')),
});

/** /admin/staff: which account a disable, enable or role change is about. */
export const staffTargetSchema = z.object({ id: z.uuid('Unknown staff member') });

/** /admin/staff: a role change. */
export const staffRoleSchema = z.object({ id: z.uuid('Unknown staff member'), role: z.enum(USER_ROLES, { error: 'Choose admin or staff' }) });

export type NewStaffInput = z.infer<typeof newStaffSchema>;

/** The 'Confirm your password' step before a sensitive change (docs/decisions/045-security-round-two.md, section 8). */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
});
