/**
 * Every address an article may link to, found from the project's files the way the build will make them: the
 * pages in src/pages, the files in public/, the redirects in public/_redirects, the list's pages, the sitemap,
 * and the articles themselves (with their heading anchors and whether they are published yet).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface ArticleFacts {
  id: string;
  draft: boolean;
  /** yyyy-mm-dd, when the frontmatter has a usable one. */
  publishedAt?: string | undefined;
  /** The ids the build gives the article's headings (for /articles/<id>#anchor links). */
  anchors: ReadonlySet<string>;
}

export interface SiteIndex {
  /** Addresses that answer a page or a file, without a trailing slash ('/' for home). */
  pages: ReadonlySet<string>;
  /** Old addresses that redirect (public/_redirects) → where they go. */
  redirects: ReadonlyMap<string, string>;
  articles: ReadonlyMap<string, ArticleFacts>;
  /** The ids on each built page, when a build exists to read them from (see page-anchors.ts). */
  pageAnchors?: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  /** The publication day of this build (yyyy-mm-dd). */
  today: string;
}

const PAGE_EXTENSIONS = /\.(astro|md|mdx|html)$/;
const ENDPOINT_EXTENSIONS = /\.(ts|js|mjs)$/;

/** The static routes of src/pages: /about, /services/packing, /rss.xml… (dynamic [param] routes are left to the caller). */
export function pageRoutes(pagesDir: string): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(pagesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(pagesDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path.split('/').some((part) => part.startsWith('_') || part.includes('['))) continue;
    let route: string;
    if (PAGE_EXTENSIONS.test(path)) route = path.replace(PAGE_EXTENSIONS, '');
    else if (ENDPOINT_EXTENSIONS.test(path)) route = path.replace(ENDPOINT_EXTENSIONS, '');
    else continue;
    route = `/${route}`.replace(/\/index$/, '') || '/';
    routes.push(route);
  }
  return routes;
}

/** Files served from public/ as they are (not _headers and _redirects, which configure the host). */
export function publicFiles(publicDir: string): string[] {
  if (!existsSync(publicDir)) return [];
  return readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('_'))
    .map((entry) => `/${relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}

export function redirectsOf(publicDir: string): Map<string, string> {
  const file = join(publicDir, '_redirects');
  const redirects = new Map<string, string>();
  if (!existsSync(file)) return redirects;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    redirects.set(from.replace(/(.)\/$/, '$1'), to);
  }
  return redirects;
}
