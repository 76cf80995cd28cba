import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ACCOUNT_PATHS } from '../../src/lib/account';
import { PARTNER_PATHS } from '../../src/lib/partners/apply';
import { test, expect } from './fixtures';

/**
 * Every internal link in the built site resolves: to a built file, or to a redirect in public/_redirects.
 * Fragments must name an element on the target page.
 * Reads dist/, which the test server has just built.
 */
const DIST = 'dist/client';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The public path of a built file: dist/client/about.html -> /about, dist/client/index.html -> /. */
function routeOf(file: string): string {
  const path = `/${relative(DIST, file).replace(/\\/g, '/')}`.replace(/\.html$/, '');
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}

/** The built file that answers a path, if any. */
function fileFor(path: string): string | undefined {
  const candidates = path === '/' ? ['index.html'] : [`${path}.html`, `${path}/index.html`, path];
  return candidates.map((c) => join(DIST, c)).find((c) => existsSync(c) && statSync(c).isFile());
}

function redirects(): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of readFileSync('public/_redirects', 'utf8').split('\n')) {
    const [from, to] = line.trim().split(/\s+/);
    if (from && to && !from.startsWith('#')) map.set(from, to);
  }
  return map;
}

/** Pages with no file of their own: the Worker draws them on demand (checked by their own specs). */
const WORKER_PAGES = new Set<string>([ACCOUNT_PATHS.deleteData, PARTNER_PATHS.apply]);

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
const decode = (href: string) => href.replace(/&amp;/g, '&');

test('every internal link in dist/ resolves to a page or a redirect', () => {
  const files = htmlFiles(DIST);
  expect(files.length).toBeGreaterThan(20);
  const pages = new Map(files.map((file) => [routeOf(file), readFileSync(file, 'utf8')]));
  const redirectMap = redirects();
  const broken: string[] = [];
  let checked = 0;

  for (const [route, html] of pages) {
    for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
      const href = decode(match[1]!);
      if (/^(https?:|mailto:|tel:|\/\/)/.test(href)) continue;
      checked++;
      const url = new URL(href, `http://site${route}`);
      let target = url.pathname.replace(/(.)\/$/, '$1');
      const redirect = redirectMap.get(url.pathname) ?? redirectMap.get(target);
      if (redirect) target = redirect;
      if (WORKER_PAGES.has(target)) continue;
      const file = fileFor(target);
      if (!file) {
        broken.push(`${route} -> ${href} (no page)`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && file.endsWith('.html')) {
        const targetHtml = pages.get(routeOf(file)) ?? readFileSync(file, 'utf8');
        if (!ids(targetHtml).has(fragment)) broken.push(`${route} -> ${href} (no #${fragment})`);
      }
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect(broken).toEqual([]);
});

test('the checker itself notices a missing page', () => {
  // Guards against a checker that silently accepts everything.
  expect(fileFor('/about')).toBeTruthy();
  expect(fileFor('/definitely-not-a-page')).toBeUndefined();
});
