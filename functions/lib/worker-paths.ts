/** `RUN_WORKER_FIRST` is written into wrangler.jsonc's `run_worker_first` by scripts/worker-first.mjs (`npm run check` checks it). */
import { ACCOUNT_PATHS } from '~/lib/account';
import { PAGE_PATHS } from '~/lib/api';

export const WORKER_PATHS = {
  api: '/api/*',
  articleList: '/articles',
  articles: '/articles/*',
  /** The page's other spellings: the asset server would redirect them with the secret token in the Location. */
  confirmationBelow: `${PAGE_PATHS.confirmation}/*`,
  confirmationHtml: `${PAGE_PATHS.confirmation}.html`,
  /** The same, as it carries a token too. */
  staffBelow: `${PAGE_PATHS.staff}/*`,
  staffHtml: `${PAGE_PATHS.staff}.html`,
  /** The other spellings, or the asset server would serve the empty prebuilt page. */
  accountBelow: `${ACCOUNT_PATHS.account}/*`,
  accountHtml: `${ACCOUNT_PATHS.account}.html`,
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
