/**
 * The paths the Worker sees before the asset server, listed once. wrangler.jsonc's `run_worker_first` lists exactly
 * these in every environment (tests/unit/worker-paths.test.ts), and worker.ts's `forTheWorker()` reads them to decide
 * which requests on them it answers itself; the rest go on to the assets.
 */
import { PAGE_PATHS } from '../../src/lib/api';

export const WORKER_PATHS = {
  api: '/api/*',
  /** Unknown articles redirect to the list (articles-fallback.ts). */
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
  /** /contact after a plain form post names the reference. */
  contact: PAGE_PATHS.contact,
  /** Only under `wrangler dev --test-scheduled`: runs the cron trigger. */
  scheduled: '/__scheduled',
} as const;

export const RUN_WORKER_FIRST: readonly string[] = Object.values(WORKER_PATHS);

/** A `run_worker_first` pattern's own matching: exact, or a prefix before a final `*`. */
export function matchesPath(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** The page a spelling of a path stands for, as the asset server reads it: `/a/`, `/a.html`, `/a/index.html` are `/a`. */
export function pagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed.replace(/(?:\/index)?(?:\.html)?$/, '') || '/';
}

/** Any spelling of the confirmation page's path (the page itself decides whether it is one it opens). */
export const isConfirmationPath = (pathname: string): boolean =>
  [WORKER_PATHS.confirmation, WORKER_PATHS.confirmationBelow, WORKER_PATHS.confirmationHtml].some((pattern) =>
    matchesPath(pattern, pathname),
  );
