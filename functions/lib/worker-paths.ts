/**
 * The paths the Worker answers itself, listed once; worker.ts's `forTheWorker()` reads them. The Worker also sees every
 * other page before the asset server (`RUN_WORKER_FIRST`, which wrangler.jsonc's `run_worker_first` lists exactly in
 * every environment: tests/unit/worker-paths.test.ts), so that a page served over https gets `upgrade-insecure-requests`
 * (security-headers.ts: servedOverHttps); scripts, styles, images and other files go straight to the assets.
 */
import { ACCOUNT_PATHS } from '../../src/lib/account';
import { PAGE_PATHS } from '../../src/lib/api';

export const WORKER_PATHS = {
  api: '/api/*',
  /** The list answers searches across every page; unknown articles redirect to the list (articles.ts). */
  articleList: '/articles',
  articles: '/articles/*',
  /** The quote form posted without JavaScript. */
  quoteForm: PAGE_PATHS.quote,
  /**
   * A stored quote's confirmation, and the spellings the asset server would redirect to it (`/`, `.html`,
   * `/index.html`) with the secret token in the Location: the Worker answers them all itself.
   */
  confirmation: PAGE_PATHS.confirmation,
  confirmationBelow: `${PAGE_PATHS.confirmation}/*`,
  confirmationHtml: `${PAGE_PATHS.confirmation}.html`,
  /** The staff link of a booking request, under every spelling (as the confirmation's, it carries a token). */
  staff: PAGE_PATHS.staff,
  staffBelow: `${PAGE_PATHS.staff}/*`,
  staffHtml: `${PAGE_PATHS.staff}.html`,
  /** The reviews page, with the verified reviews published so far. */
  reviews: '/reviews',
  /** /contact after a plain form post names the reference. */
  contact: PAGE_PATHS.contact,
  /** /faq?q=… is the Help Centre searched without JavaScript. */
  faq: PAGE_PATHS.faq,
  /** Signing in (issue 19): the address posted to /login (a GET is the prebuilt page), and the e-mailed link. */
  login: ACCOUNT_PATHS.login,
  verify: ACCOUNT_PATHS.verify,
  /** /account under every spelling (the asset server would serve the empty prebuilt page), and its sign-out posts. */
  account: ACCOUNT_PATHS.account,
  accountBelow: `${ACCOUNT_PATHS.account}/*`,
  accountHtml: `${ACCOUNT_PATHS.account}.html`,
  /** The referral page with a signed-in customer's own code (a request with a session cookie only). */
  referral: ACCOUNT_PATHS.referral,
  /** Only under `wrangler dev --test-scheduled`: runs the cron trigger. */
  scheduled: '/__scheduled',
} as const;

/** Files that are not pages: the asset server answers them without the Worker. */
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

/** A `run_worker_first` pattern's own matching: `*` stands for any characters, everything else for itself. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname);
}

/** Whether the asset server hands this path to the Worker first, as `run_worker_first` reads: a pattern fits, no `!` one does. */
export const runsWorkerFirst = (pathname: string): boolean =>
  RUN_WORKER_FIRST.some((pattern) => !pattern.startsWith('!') && matchesPath(pattern, pathname)) &&
  !RUN_WORKER_FIRST.some((pattern) => pattern.startsWith('!') && matchesPath(pattern.slice(1), pathname));

/** The page a spelling of a path stands for, as the asset server reads it: `/a/`, `/a.html`, `/a/index.html` are `/a`. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed.replace(/(?:\/index)?(?:\.html)?$/, '') || '/';
}

/** The list (searched) or an article (found, or a redirect to the list): articles.ts decides. */
export const isArticlePath = (pathname: string): boolean =>
  [WORKER_PATHS.articleList, WORKER_PATHS.articles].some((pattern) => matchesPath(pattern, pathname));

/** Any spelling of the confirmation page's path (the page itself decides whether it is one it opens). */
export const isConfirmationPath = (pathname: string): boolean =>
  [WORKER_PATHS.confirmation, WORKER_PATHS.confirmationBelow, WORKER_PATHS.confirmationHtml].some((pattern) =>
    matchesPath(pattern, pathname),
  );

/** Any spelling of the staff link's page. */
export const isStaffPath = (pathname: string): boolean =>
  [WORKER_PATHS.staff, WORKER_PATHS.staffBelow, WORKER_PATHS.staffHtml].some((pattern) => matchesPath(pattern, pathname));

/** Any spelling of /account, and the posts under it. */
export const isAccountPath = (pathname: string): boolean =>
  [WORKER_PATHS.account, WORKER_PATHS.accountBelow, WORKER_PATHS.accountHtml].some((pattern) => matchesPath(pattern, pathname));
