/** The paths the Worker sees first are listed once (functions/lib/worker-paths.ts); wrangler.jsonc lists exactly them. */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isConfirmationPath, matchesPath, pagePath, RUN_WORKER_FIRST, WORKER_PATHS } from '../../functions/lib/worker-paths';
import { API_PATHS, PAGE_PATHS } from '~/lib/api';

interface AssetsConfig {
  assets?: { run_worker_first?: string[] };
}

const { config, error } = ts.parseConfigFileTextToJson('wrangler.jsonc', readFileSync('wrangler.jsonc', 'utf8'));
const wrangler = config as AssetsConfig & { env: Record<string, AssetsConfig> };

describe('the paths the Worker answers', () => {
  it('wrangler.jsonc reads', () => expect(error).toBeUndefined());

  it.each([['(top level)', wrangler], ...Object.entries(wrangler.env)])('%s: run_worker_first is WORKER_PATHS', (_, environment) => {
    expect(environment.assets?.run_worker_first).toEqual(RUN_WORKER_FIRST);
  });

  it('covers every API path and page the Worker fills in', () => {
    for (const path of [...Object.values(API_PATHS), ...Object.values(PAGE_PATHS)]) {
      expect(
        RUN_WORKER_FIRST.some((pattern) => matchesPath(pattern, path)),
        path,
      ).toBe(true);
    }
  });

  it('takes every spelling of the confirmation page the asset server would redirect', () => {
    for (const path of ['/quote-confirmation', '/quote-confirmation/', '/quote-confirmation.html', '/quote-confirmation/index.html']) {
      expect(isConfirmationPath(path), path).toBe(true);
      expect(pagePath(path), path).toBe(PAGE_PATHS.confirmation);
    }
    expect(isConfirmationPath('/quote-confirmations')).toBe(false);
    expect(pagePath('/quote-confirmation/other')).toBe('/quote-confirmation/other');
    expect(matchesPath(WORKER_PATHS.articles, '/articles')).toBe(false);
  });
});
