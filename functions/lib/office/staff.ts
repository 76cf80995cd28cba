/**
 * Who works in the office. A staff session is the one session system's (functions/lib/sessions.ts), role 'staff': 12
 * hours, ended at once when the owner removes the member (and the gate checks the member is still there). The owner is
 * the Worker's OWNER_EMAIL; nobody can remove them.
 */
import { accountEmail } from '~/lib/account';
import type { Env } from '../../env';
import { endEverySession } from '../sessions';
import { firmSettings } from './settings';
import type { StaffMember, StaffListEntry } from '~/lib/views/office';

export const ownerEmail = (env: Env): string | null => (env.OWNER_EMAIL?.trim() ? accountEmail(env.OWNER_EMAIL) : null);

/** The owner, or a member the owner has not removed; null for anyone else. */
export async function staffMember(env: Env, email: string): Promise<StaffMember | null> {
  const address = accountEmail(email);
  if (address === ownerEmail(env)) return { email: address, name: 'Owner', role: 'owner', money: true };
  const [row, settings] = await Promise.all([
    env.DB.prepare('SELECT email, name FROM staff_members WHERE email = ? AND removed_at IS NULL')
      .bind(address)
      .first<{ email: string; name: string }>(),
    firmSettings(env),
  ]);
  return row ? { ...row, role: 'staff', money: settings.moneyStaff.includes(address) } : null;
}

/** The current staff, newest first (the owner is not a row). */
export async function currentStaff(db: D1Database): Promise<StaffListEntry[]> {
  const { results } = await db
    .prepare(
      'SELECT email, name, added_by AS addedBy, added_at AS addedAt FROM staff_members WHERE removed_at IS NULL ORDER BY added_at DESC',
    )
    .all<StaffListEntry>();
  return results;
}

/** Adding someone removed before brings them back under the name given now. */
export const addStaffStatement = (db: D1Database, member: { email: string; name: string }, by: string, now: Date): D1PreparedStatement =>
  db
    .prepare(
      `INSERT INTO staff_members (email, name, added_by, added_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (email) DO UPDATE SET name = ?2, added_by = ?3, added_at = ?4, removed_at = NULL`,
    )
    .bind(accountEmail(member.email), member.name, by, now.toISOString());

/** Removing someone ends every session they have, at once. */
export const removeStaffStatements = (db: D1Database, email: string, now: Date): D1PreparedStatement[] => [
  db.prepare('UPDATE staff_members SET removed_at = ? WHERE email = ? AND removed_at IS NULL').bind(now.toISOString(), accountEmail(email)),
  endEverySession(db, email, 'staff'),
];
