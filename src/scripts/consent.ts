/** A nanostore optional scripts wait on. No trackers are loaded today: enabling a category only logs that it would start. */
import { atom } from 'nanostores';

import { CONSENT_KEY, consentRecord, readStoredConsent, type ConsentChoices, type ConsentRecord } from './consent-record';

import { OPTIONAL_CATEGORIES, type OptionalCategory } from './consent-record';

export {
  ALL_OPTIONAL,
  choicesOf,
  CONSENT_KEY,
  CONSENT_VERSION,
  CONSENT_MAX_AGE_MS,
  NO_OPTIONAL,
  OPTIONAL_CATEGORIES,
  parseConsent,
} from './consent-record';
export type { ConsentChoices, ConsentRecord, CookieCategoryId, OptionalCategory } from './consent-record';

export const $consent = atom<ConsentRecord | null>(typeof localStorage === 'undefined' ? null : readStoredConsent());

export function saveConsent(choices: ConsentChoices, now = new Date()): ConsentRecord {
  const before = $consent.get();
  const record = consentRecord(choices, now);
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Private mode or full storage: the choice still applies to this page view.
  }
  $consent.set(record);
  for (const category of OPTIONAL_CATEGORIES) {
    if (record[category] && !before?.[category])
      console.info(`Cookie consent: ${category} cookies enabled (no ${category} scripts are configured yet).`);
  }
  return record;
}

export function whenAllowed(category: OptionalCategory, start: () => void): () => void {
  let started = false;
  return $consent.subscribe((record) => {
    if (!started && record?.[category]) {
      started = true;
      start();
    }
  });
}
