/** Every address an article may link to, found from the project's files the way the build will make them. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface ArticleFacts {
  id: string;
  draft: boolean;
  /** yyyy-mm-dd, when the frontmatter has a usable one. */
  publishedAt?: string | undefined;
  anchors: ReadonlySet<string>;
}

export interface SiteIndex {
  /** Without a trailing slash ('/' for home). */
  pages: ReadonlySet<string>;
  redirects: ReadonlyMap<string, string>;
  articles: ReadonlyMap<string, ArticleFacts>;
  pageAnchors?: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  today: string;
}

const PAGE_EXTENSIONS = /\.(astro|md|mdx|html)$/;
const ENDPOINT_EXTENSIONS = /\.(ts|js|mjs)$/;

/** Static routes only: dynamic [param] routes are left to the caller. */
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

/** Not _headers and _redirects, which configure the host. */
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
