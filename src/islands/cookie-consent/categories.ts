import type { CookieCategoryId } from '~/scripts/consent';

export interface CategoryCopy {
  id: CookieCategoryId;
  title: string;
  description: string;
}

/** The switches of the 'Cookie Preferences' dialog, with the spec's descriptions. */
export const CONSENT_CATEGORIES: readonly CategoryCopy[] = [
  { id: 'essential', title: 'Essential', description: 'Required for the website to function' },
  { id: 'analytics', title: 'Analytics', description: 'Help us improve our website' },
  { id: 'functional', title: 'Functional', description: 'Remember your preferences' },
  { id: 'marketing', title: 'Marketing', description: 'Show relevant advertisements' },
];
