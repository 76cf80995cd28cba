import type { CookieCategoryId } from '../scripts/consent-record';

export interface CookieCategory {
  id: CookieCategoryId;
  title: string;
  required: boolean;
  description: string;
  examples: readonly string[];
  retention: string;
}

export const sessionRetention = 'until you close your browser';

export const cookieCategories: readonly CookieCategory[] = [
  {
    id: 'essential',
    title: 'Essential',
    required: true,
    description:
      'Required for the website to function: keeping the quote form working between steps, security checks and remembering your cookie choice.',
    examples: ['Your cookie consent choice', 'Quote form progress', 'Protection against automated form abuse'],
    retention: '1-2 years',
  },
  {
    id: 'analytics',
    title: 'Performance and analytics',
    required: false,
    description:
      'Help us improve our website by counting visits and seeing which pages are slow or confusing. The figures are aggregated; we never use them to identify you.',
    examples: ['Pages visited and time on page', 'Where a quote form was abandoned', 'Page load times'],
    retention: 'up to 2 years',
  },
  {
    id: 'functional',
    title: 'Functional',
    required: false,
    description:
      'Remember your preferences, such as postcodes you have typed before or a dismissed message, so you do not have to repeat yourself.',
    examples: ['Recently used postcodes', 'Dismissed banners'],
    retention: 'up to 1 year',
  },
  {
    id: 'marketing',
    title: 'Marketing',
    required: false,
    description:
      'Show relevant advertisements on other sites and measure whether our adverts work, so we spend less showing you things you do not need.',
    examples: ['Advert click measurement', 'Limiting how often you see the same advert'],
    retention: '30-90 days',
  },
];

export interface ThirdPartyService {
  name: string;
  purpose: string;
  category: CookieCategory['id'];
  optOutUrl: string;
}

export const thirdPartyServices: readonly ThirdPartyService[] = [
  {
    name: 'Google Analytics',
    purpose: 'Visit statistics, only if you allow analytics cookies.',
    category: 'analytics',
    optOutUrl: 'https://tools.google.com/dlpage/gaoptout',
  },
  {
    name: 'Google Ads',
    purpose: 'Measuring whether our adverts lead to quotes, only if you allow marketing cookies.',
    category: 'marketing',
    optOutUrl: 'https://adssettings.google.com/',
  },
  {
    name: 'Meta (Facebook and Instagram)',
    purpose: 'Showing our adverts to people planning a move, only if you allow marketing cookies.',
    category: 'marketing',
    optOutUrl: 'https://www.facebook.com/privacy/policies/cookies/',
  },
];

export interface BrowserInstruction {
  browser: string;
  steps: string;
}

export const browserInstructions: readonly BrowserInstruction[] = [
  {
    browser: 'Google Chrome',
    steps: 'Settings \u203a Privacy and security \u203a Third-party cookies, or Delete browsing data to clear them.',
  },
  { browser: 'Mozilla Firefox', steps: 'Settings \u203a Privacy & Security \u203a Cookies and Site Data \u203a Manage Data.' },
  {
    browser: 'Safari (Mac, iPhone and iPad)',
    steps:
      'Settings \u203a Privacy \u203a Manage Website Data on a Mac; on iPhone and iPad, Settings \u203a Safari \u203a Advanced \u203a Website Data.',
  },
  { browser: 'Microsoft Edge', steps: 'Settings \u203a Cookies and site permissions \u203a Manage and delete cookies and site data.' },
];
