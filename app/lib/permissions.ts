/**
 * The roles' permission table (docs/decisions/045-security-round-two.md, section 9, and
 * docs/decisions/004-staff-authentication.md#roles). Both roles do the daily work: bookings,
 * inquiries, the catalogue (add and edit), the outbox (read, resend), the audit log (without IP
 * addresses) and their own profile. What is listed here is for the roles named and nobody else.
 *
 * The server enforces it (`requirePermission` and `refuseUnless` in
 * app/services/admin-guard.server.ts); the pages use `can` only to hide what a role may not do.
 */
import type { UserRole } from '~/lib/constants';

/** What only some roles may do. */
export type Permission = 'settings' | 'staff' | 'delete' | 'audit-ip' | 'accounts';

/** Which roles hold each permission. */
export const PERMISSIONS: Readonly<Record<Permission, readonly UserRole[]>> = {
  /** Every settings page (/admin/settings, /admin/location) and /api/settings, read and write. */
  settings: ['admin'],
  /** /admin/staff: the accounts of everybody. */
  staff: ['admin'],
  /** Every delete: packages, bikes, cars, bookings, inquiries, by form and by the JSON API. */
  delete: ['admin'],
  /** The audit log's IP addresses. */
  'audit-ip': ['admin'],
  /**
   * The GST documents' register: /admin/accounts with its two CSV downloads (the month's documents
   * and the ledger by method, docs/decisions/047-invoices-gst.md#the-months-summary) and the
   * documents' API (list, one, PDF). The whole business's takings and every traveller's address and GSTIN.
   */
  accounts: ['admin'],
};

/** Whether a user of `role` (a users.role value; anything unknown holds nothing) holds `permission`. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role ?? '');
}
