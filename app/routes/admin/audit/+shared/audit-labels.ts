/**
 * How the audit log (app/routes/admin/audit.tsx) names each action and kind of record, in its table
 * and its filters, and which actions stand out.
 */
import type { StatusTone } from '~/components/ui/status-pill';

/** How each action reads in the table and the filter. */
export const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Status changed',
  convert: 'Converted',
  note: 'Note added',
  assign: 'Assigned',
  follow_up: 'Follow-up set',
  resend: 'E-mail resent',
  settings: 'Settings changed',
  location: 'Location changed',
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  password: 'Password changed',
  two_factor: 'Two-factor changed',
  session_revoked: 'Session ended',
  user: 'Account changed',
};

/** How each kind of record reads in the filter and under the summary. */
export const ENTITY_LABELS: Record<string, string> = {
  package: 'Package',
  bike: 'Bike',
  car: 'Car',
  driver: 'Driver',
  booking: 'Booking',
  inquiry: 'Inquiry',
  settings: 'Settings',
  location: 'Location',
  user: 'Staff account',
  session: 'Session',
  email: 'E-mail',
};

/** The pill's tone of an action: neutral unless listed. */
export const ACTION_TONES: Record<string, StatusTone> = {
  create: 'ok',
  delete: 'bad',
  login_failed: 'bad',
};
