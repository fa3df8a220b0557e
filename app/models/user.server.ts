/**
 * Staff accounts (docs/decisions/004-staff-authentication.md). Usernames are stored lower-case;
 * passwords only as scrypt hashes.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { hashPassword, passwordProblem } from '~/lib/password.server';

const publicColumns = { id: users.id, username: users.username, name: users.name, role: users.role };
export type PublicUser = { id: string; username: string; name: string; role: string };

export async function getUserByUsername(username: string) {
  const [row] = await db().select().from(users).where(eq(users.username, username.trim().toLowerCase()));
  return row ?? null;
}

/** Create the user, or reset the password (and name) of an existing one. */
export async function upsertUser(input: { username: string; name: string; password: string }): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db()
    .insert(users)
    .values({ username: input.username.trim().toLowerCase(), name: input.name, passwordHash })
    .onConflictDoUpdate({ target: users.username, set: { passwordHash, name: input.name, updatedAt: sql`now()` } })
    .returning(publicColumns);
  return row!;
}

/**
 * On first start with no user, create `admin` with ADMIN_PASSWORD or a random password
 * that is returned so the caller prints it once. Returns null when users exist; throws when
 * ADMIN_PASSWORD breaks the password rules (too short, too long or a common password).
 */
export async function ensureFirstAdmin(adminPassword?: string): Promise<{ username: string; password: string; generated: boolean } | null> {
  const [row] = await db().select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const problem = adminPassword ? passwordProblem(adminPassword, 'admin') : null;
  if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await upsertUser({ username: 'admin', name: 'Administrator', password });
  return { username: 'admin', password, generated: !adminPassword };
}
