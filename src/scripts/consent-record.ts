/**
 * The stored consent record: its key, version and shape, reading it and making one. No dependencies, so the small
 * on-demand loader (src/components/OnDemandIslands.astro) can decide whether the banner is needed without
 * downloading anything, and Node tooling (budgets, Lighthouse) and the tests can import it as it is.
 */
export const CONSENT_KEY = 'cookie-consent';
/** Bump when the categories or their meaning change: everyone is asked again. */
export const CONSENT_VERSION = 1;
/** A choice is remembered for 12 months, then asked for again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The optional cookie categories, listed once: the record, the banner, the preferences dialog and /cookies use them. */
export const OPTIONAL_CATEGORIES = ['analytics', 'functional', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
/** Every cookie category: the essential one, always on, and the optional ones. */
export type CookieCategoryId = 'essential' | OptionalCategory;

export type ConsentChoices = Record<OptionalCategory, boolean>;

/** The same choice for every optional category. */
const everyCategory = (allowed: boolean) =>
  Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, allowed])) as ConsentChoices;

/** The choices a record holds: the optional categories only, each yes only when stored as `true`. */
export const choicesOf = (record: Partial<ConsentChoices>): ConsentChoices =>
  Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, record[category] === true])) as ConsentChoices;

export interface ConsentRecord extends ConsentChoices {
  essential: true;
  version: number;
  /** ISO time the choice was made. */
  timestamp: string;
}

/** Essential cookies only (Reject All). */
// Pure: the inline loader, which never uses them, leaves them out.
export const NO_OPTIONAL: ConsentChoices = /* @__PURE__ */ everyCategory(false);
/** Every category (Accept All). */
export const ALL_OPTIONAL: ConsentChoices = /* @__PURE__ */ everyCategory(true);

/** The record stored for choices made at `now`. */
export function consentRecord(choices: ConsentChoices, now = new Date()): ConsentRecord {
  return { essential: true, ...choices, version: CONSENT_VERSION, timestamp: now.toISOString() };
}

/** Whether a stored value is a record still in force: this version's, and given within the last 12 months. */
function inForce(value: Partial<ConsentRecord> | null, now: number): value is Partial<ConsentRecord> & { timestamp: string } {
  if (value?.version !== CONSENT_VERSION || typeof value.timestamp !== 'string') return false;
  const given = Date.parse(value.timestamp);
  return !Number.isNaN(given) && now - given <= CONSENT_MAX_AGE_MS;
}

/** A stored record still in force, or null when the visitor must be asked (none, unreadable, outdated, expired). */
export function parseConsent(raw: string | null, now = Date.now()): ConsentRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentRecord> | null;
    if (!inForce(value, now)) return null;
    return { essential: true, ...choicesOf(value), version: CONSENT_VERSION, timestamp: value.timestamp };
  } catch {
    return null;
  }
}

export function readStoredConsent(): ConsentRecord | null {
  try {
    return parseConsent(localStorage.getItem(CONSENT_KEY));
  } catch {
    return null;
  }
}

/** Whether this browser holds a choice still in force: all the on-demand loader needs to know, in fewer bytes. */
export function hasStoredChoice(): boolean {
  try {
    return inForce(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<ConsentRecord> | null, Date.now());
  } catch {
    return false;
  }
}
