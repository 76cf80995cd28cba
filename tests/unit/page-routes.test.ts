/**
 * One router (issue 42 item 1): each on-demand page (src/pages, `prerender = false`) is named by the route that renders it
 * in the one route list (functions/lib/routes.ts), and every page a route names is such a file; every route runs the
 * Worker first. A new on-demand page is its file and its route line; without the line this fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runsWorkerFirst } from '../../functions/lib/worker-paths';

// Its `cloudflare:` imports do not load in Node, and no page is rendered here: only the route list is read.
vi.mock('@astrojs/cloudflare/handler', () => ({ handle: () => Promise.reject(new Error('no page is rendered here')) }));
const { routes } = await import('../../functions/worker');

const PAGES = 'src/pages';

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** As Astro routes a file: src/pages/office/index.astro is /office. */
const pathOf = (file: string) => `/${relative(PAGES, file).replace(/\.astro$/, '')}`.replace(/\/index$/, '') || '/';

const onDemand = files(PAGES)
  .filter((file) => file.endsWith('.astro') && /^export const prerender = false;?$/m.test(readFileSync(file, 'utf8')))
  .map(pathOf)
  .sort();
const routed = [...new Set(routes.list().flatMap((route) => route.pages))].sort();

describe('the one route list and the on-demand pages', () => {
  it('finds the on-demand pages', () => expect(onDemand).toEqual(expect.arrayContaining(['/account', '/office', '/quote-confirmation'])));

  it('names every on-demand page file in a route', () => {
    expect(onDemand.filter((page) => !routed.includes(page))).toEqual([]);
  });

  it('names no page without an on-demand page file', () => {
    expect(routed.filter((page) => !onDemand.includes(page))).toEqual([]);
  });

  it('sends every route to the Worker first (run_worker_first)', () => {
    const missed = routes.list().filter((route) => !runsWorkerFirst(route.path.replaceAll('*', 'x')));
    expect(missed.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});
