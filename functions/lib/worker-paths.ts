/** `RUN_WORKER_FIRST` must match wrangler.jsonc's `run_worker_first` in every environment (tests/unit/worker-paths.test.ts). */
import { ACCOUNT_PATHS } from '~/lib/account';
import { PAGE_PATHS } from '~/lib/api';

export const WORKER_PATHS = {
  api: '/api/*',
  articleList: '/articles',
  articles: '/articles/*',
  quoteForm: PAGE_PATHS.quote,
  /** Every spelling, as the asset server would redirect the others with the secret token in the Location. */
  confirmation: PAGE_PATHS.confirmation,
  confirmationBelow: `${PAGE_PATHS.confirmation}/*`,
  confirmationHtml: `${PAGE_PATHS.confirmation}.html`,
  /** Every spelling, as it carries a token too. */
  staff: PAGE_PATHS.staff,
  staffBelow: `${PAGE_PATHS.staff}/*`,
  staffHtml: `${PAGE_PATHS.staff}.html`,
  reviews: '/reviews',
  contact: PAGE_PATHS.contact,
  callback: PAGE_PATHS.callback,
  faq: PAGE_PATHS.faq,
  login: ACCOUNT_PATHS.login,
  verify: ACCOUNT_PATHS.verify,
  /** Every spelling, or the asset server would serve the empty prebuilt page. */
  account: ACCOUNT_PATHS.account,
  accountBelow: `${ACCOUNT_PATHS.account}/*`,
  accountHtml: `${ACCOUNT_PATHS.account}.html`,
  referral: ACCOUNT_PATHS.referral,
  /** Only under `wrangler dev --test-scheduled`: runs the cron trigger. */
  scheduled: '/__scheduled',
} as const;

export const NOT_PAGES = [
  '/_astro/*',
  '/icons/*',
  '/illustrations/*',
  '/og/*',
  '/*.ico',
  '/*.png',
  '/*.svg',
  '/*.xml',
  '/*.txt',
  '/*.webmanifest',
] as const;

export const RUN_WORKER_FIRST: readonly string[] = ['/*', ...NOT_PAGES.map((pattern) => `!${pattern}`)];

/** As `run_worker_first` matches: `*` stands for any characters, everything else for itself. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname);
}

export const runsWorkerFirst = (pathname: string): boolean =>
  RUN_WORKER_FIRST.some((pattern) => !pattern.startsWith('!') && matchesPath(pattern, pathname)) &&
  !RUN_WORKER_FIRST.some((pattern) => pattern.startsWith('!') && matchesPath(pattern.slice(1), pathname));

/** As the asset server reads it: `/a/`, `/a.html`, `/a/index.html` are `/a`. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed.replace(/(?:\/index)?(?:\.html)?$/, '') || '/';
}

/** The page the asset server would redirect a spelling to: percent-decoded (`%2F`), `//a` as `/a`, then `pagePath()`. */
export function canonicalPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the asset server answers 404, as for the path as written.
  }
  return pagePath(decoded.replace(/\/{2,}/g, '/'));
}

export const isArticlePath = (pathname: string): boolean =>
  [WORKER_PATHS.articleList, WORKER_PATHS.articles].some((pattern) => matchesPath(pattern, pathname));
