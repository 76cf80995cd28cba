/** No dependencies, so the inline loader can check the record without downloading anything, and Node tooling can import it. */
export const CONSENT_KEY = 'cookie-consent';
/** Bump when the categories or their meaning change: everyone is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export const OPTIONAL_CATEGORIES = ['analytics', 'functional', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type CookieCategoryId = 'essential' | OptionalCategory;

export type ConsentChoices = Record<OptionalCategory, boolean>;

const everyCategory = (allowed: boolean) =>
  Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, allowed])) as ConsentChoices;

export const choicesOf = (record: Partial<ConsentChoices>): ConsentChoices =>
  Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, record[category] === true])) as ConsentChoices;

export interface ConsentRecord extends ConsentChoices {
  essential: true;
  version: number;
  timestamp: string;
}

// Pure: the inline loader, which never uses them, leaves them out.
export const NO_OPTIONAL: ConsentChoices = /* @__PURE__ */ everyCategory(false);
export const ALL_OPTIONAL: ConsentChoices = /* @__PURE__ */ everyCategory(true);

export function consentRecord(choices: ConsentChoices, now = new Date()): ConsentRecord {
  return { essential: true, ...choices, version: CONSENT_VERSION, timestamp: now.toISOString() };
}

function inForce(value: Partial<ConsentRecord> | null, now: number): value is Partial<ConsentRecord> & { timestamp: string } {
  if (value?.version !== CONSENT_VERSION || typeof value.timestamp !== 'string') return false;
  const given = Date.parse(value.timestamp);
  return !Number.isNaN(given) && now - given <= CONSENT_MAX_AGE_MS;
}

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

/** parseConsent's check alone, in fewer bytes for the on-demand loader. */
export function hasStoredChoice(): boolean {
  try {
    return inForce(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Partial<ConsentRecord> | null, Date.now());
  } catch {
    return false;
  }
}
