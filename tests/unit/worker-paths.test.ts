/** The paths the Worker sees first are listed once (functions/lib/worker-paths.ts); wrangler.jsonc lists exactly them. */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isArticlePath, matchesPath, pagePath, RUN_WORKER_FIRST, runsWorkerFirst, WORKER_PATHS } from '../../functions/lib/worker-paths';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';

interface AssetsConfig {
  assets?: { run_worker_first?: string[] };
}

const { config, error } = ts.parseConfigFileTextToJson('wrangler.jsonc', readFileSync('wrangler.jsonc', 'utf8'));
const wrangler = config as AssetsConfig & { env: Record<string, AssetsConfig> };

describe('the paths the Worker answers', () => {
  it('wrangler.jsonc reads', () => expect(error).toBeUndefined());

  it('run_worker_first is RUN_WORKER_FIRST, written once: every environment inherits it', () => {
    expect(wrangler.assets?.run_worker_first).toEqual(RUN_WORKER_FIRST);
    for (const [name, environment] of Object.entries(wrangler.env)) expect(environment.assets, name).toBeUndefined();
  });

  it('covers every API path and page the Worker fills in', () => {
    for (const path of [...Object.values(API_PATHS), ...Object.values(PAGE_PATHS)]) {
      expect(runsWorkerFirst(path), path).toBe(true);
    }
    for (const path of Object.values(WORKER_PATHS)) expect(runsWorkerFirst(path.replace(/\*$/, 'x')), path).toBe(true);
  });

  it('sends every page through the Worker, and scripts, styles and images straight to the assets', () => {
    for (const path of ['/', '/faq', '/articles', '/services/packing', '/404']) expect(runsWorkerFirst(path), path).toBe(true);
    for (const path of ['/_astro/app.js', '/icons/phone.svg', '/favicon.ico', '/sitemap-index.xml', '/robots.txt']) {
      expect(runsWorkerFirst(path), path).toBe(false);
    }
  });

  it('reads every spelling of the confirmation page the asset server would redirect as the page (the Worker answers them: tests/api/spellings.test.ts)', () => {
    for (const path of ['/quote-confirmation', '/quote-confirmation/', '/quote-confirmation.html', '/quote-confirmation/index.html']) {
      expect(pagePath(path), path).toBe(PAGE_PATHS.confirmation);
    }
    expect(pagePath('/quote-confirmation/other')).toBe('/quote-confirmation/other');
    expect(matchesPath(WORKER_PATHS.articles, '/articles')).toBe(false);
  });

  it('gives the list and every article to articles.ts, and nothing else', () => {
    for (const path of ['/articles', '/articles/page/2', '/articles/moving-checklist']) expect(isArticlePath(path), path).toBe(true);
    for (const path of ['/articles-x', '/article', '/']) expect(isArticlePath(path), path).toBe(false);
  });
});
