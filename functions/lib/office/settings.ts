/**
 * The owner's settings (issue 40 item 7), read by e-mails, pages and the office: the one reader every feature calls
 * (`firmSettings`, and `depositPercent` / `balanceDueDays` for money), and the one writer (`saveSettings`).
 *
 * Each isolate keeps what it read for SETTINGS_TTL_MS, so a busy Worker asks D1 about twice a minute, not on every
 * request; the isolate that saves forgets its copy at once, and any other isolate uses the new values within the TTL.
 * A request that already makes a batch may freshen the copy inside it (`freshenSettings`), at no extra round trip.
 */
import {
  changedSettings,
  defaultSettings,
  SETTING_CHANGED_ACTION,
  SETTING_KEYS,
  SETTING_LABELS,
  settingText,
  storedValue,
  vatOf,
  type FirmSettings,
  type SettingKey,
} from '~/lib/office/settings';
import type { Vat } from '~/lib/vat';
import type { Env } from '../../env';
import { config } from '../config';
import { auditStatement } from './audit';
import type { SettingChange } from '~/lib/views/settings';

export const SETTINGS_TTL_MS = 30_000;

type Stored = Partial<FirmSettings>;

let copy: { stored: Stored; readAt: number } | undefined;

const SELECT = 'SELECT key, value FROM office_settings';

function keep(rows: ReadonlyArray<{ key: string; value: string }>, now: number): Stored {
  const stored: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    if (!(SETTING_KEYS as readonly string[]).includes(key)) continue;
    const read = storedValue(key as SettingKey, value);
    if (read !== undefined) stored[key] = read;
  }
  copy = { stored: stored as Stored, readAt: now };
  return copy.stored;
}

const fresh = (now: number) => copy !== undefined && now - copy.readAt < SETTINGS_TTL_MS;

/** For a batch the request makes anyway: the settings' read when this isolate's copy is stale, else nothing. */
export const freshenSettings = (db: D1Database, now = Date.now()): D1PreparedStatement[] => (fresh(now) ? [] : [db.prepare(SELECT)]);

/** The result of `freshenSettings`'s statement, if the batch had one. */
export function keepSettings(result: D1Result | undefined, now = Date.now()): void {
  if (result) keep(result.results as Array<{ key: string; value: string }>, now);
}

async function storedSettings(db: D1Database, now = Date.now()): Promise<Stored> {
  if (fresh(now)) return copy!.stored;
  const { results } = await db.prepare(SELECT).all<{ key: string; value: string }>();
  return keep(results, now);
}

/** Every setting: the owner's where set, today's values otherwise (BUSINESS_EMAIL for the alerts). */
export async function firmSettings(env: Env): Promise<FirmSettings> {
  return { ...defaultSettings(config(env).mail.business), ...(await storedSettings(env.DB)) };
}

/** A written quote's deposit unless the office writes another: this share of its total (money reads it here). */
export async function depositPercent(db: D1Database): Promise<number> {
  return (await storedSettings(db)).depositPercent ?? defaultSettings('').depositPercent;
}

/** The balance is due this many days before the move (money reads it here). */
export async function balanceDueDays(db: D1Database): Promise<number> {
  return (await storedSettings(db)).balanceDueDays ?? defaultSettings('').balanceDueDays;
}

/** Whether a standard move may be booked online, and its limits (issue 41 item 2). */
export async function onlineBookingLimits(
  db: D1Database,
): Promise<Pick<FirmSettings, 'instantBooking' | 'instantMaxSize' | 'instantMaxMiles'>> {
  const { instantBooking, instantMaxSize, instantMaxMiles } = { ...defaultSettings(''), ...(await storedSettings(db)) };
  return { instantBooking, instantMaxSize, instantMaxMiles };
}

/** The firm's VAT when registered, else null: no document shows VAT (issue 45 item 1). */
export async function firmVat(db: D1Database): Promise<Vat | null> {
  return vatOf({ ...defaultSettings(''), ...(await storedSettings(db)) });
}

/** The firm as a receipt, invoice or credit note names it on the day it is issued (issue 45 item 2). */
export async function documentFirm(db: D1Database): Promise<{ name: string; address: string[]; vat: Vat | null }> {
  const settings = { ...defaultSettings(''), ...(await storedSettings(db)) };
  return { name: settings.businessName, address: settings.tradingAddress.split('\n'), vat: vatOf(settings) };
}

/** The firm's share of a partner's job, as a whole percentage (issue 43 item 4). */
export async function partnerCommissionPercent(db: D1Database): Promise<number> {
  return (await storedSettings(db)).partnerCommissionPercent ?? defaultSettings('').partnerCommissionPercent;
}

/** The arrival windows the diary offers, earliest first (keys: src/lib/office/arrival-windows.ts). */
export async function arrivalWindows(db: D1Database): Promise<string[]> {
  return (await storedSettings(db)).arrivalWindows ?? defaultSettings('').arrivalWindows;
}

/**
 * The owner's save: each changed setting's row and its audit line (who, from what, to what) in one batch. Returns the
 * keys changed; this isolate forgets its copy, so its next e-mail carries the new values.
 */
export async function saveSettings(env: Env, next: FirmSettings, actor: string, now: Date): Promise<SettingKey[]> {
  const before = await firmSettings(env);
  const changes = changedSettings(before, next);
  if (changes.length === 0) return [];
  const at = now.toISOString();
  await env.DB.batch(
    changes.flatMap(({ key, from, to }) => [
      env.DB.prepare(
        `INSERT INTO office_settings (key, value, updated_by, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (key) DO UPDATE SET value = ?2, updated_by = ?3, updated_at = ?4`,
      ).bind(key, JSON.stringify(to), actor, at),
      auditStatement(
        env.DB,
        {
          actor,
          action: SETTING_CHANGED_ACTION,
          detail: `${SETTING_LABELS[key]}: ${settingText(key, from as never)} → ${settingText(key, to as never)}`,
        },
        now,
      ),
    ]),
  );
  copy = undefined;
  return changes.map(({ key }) => key);
}

/** The settings' changes, newest first, as the audit trail has them. */
export async function settingsHistory(db: D1Database, limit = 20): Promise<SettingChange[]> {
  const { results } = await db
    .prepare('SELECT created_at AS at, actor, detail FROM audit_log WHERE action = ? ORDER BY id DESC LIMIT ?')
    .bind(SETTING_CHANGED_ACTION, limit)
    .all<SettingChange>();
  return results;
}
