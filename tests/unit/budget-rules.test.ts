/**
 * Issue 31 item 1: budgets.json holds an article page to its first round trip (everything up to the opening
 * paragraph in 14 KB as sent), never to its length, and a budget an article page is over names the article's file.
 * The other pages keep their whole-document budgets.
 */
import { readFileSync } from 'node:fs';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { budgetRules } from '../../scripts/lib/budget-rules.mjs';
import { endOfElementWith, sentBytesFor } from '../../scripts/lib/first-round-trip.mjs';

const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));
const { budgetFor, check } = budgetRules(budgets);
const KB = 1024;

/** A page's figures as scripts/budgets.mjs measures them: bytes, and counts of script files. */
const figures = (over: Record<string, number>) => ({
  document: 10 * KB,
  scriptRequests: 0,
  externalJs: 0,
  frameworkJs: 0,
  inlineJs: KB,
  images: 0,
  ...over,
});

describe('the budgets of an article page', () => {
  const path = '/articles/moving-with-pets';

  it('have no size for the whole document, so a 10,000-word article cannot fail them', () => {
    const budget = budgetFor(path);
    expect(budget.document).toBeUndefined();
    expect(check(path, 'first', figures({ document: 80 * KB, firstRoundTrip: 9 * KB }), budget)).toEqual([]);
  });

  it('hold the first round trip to 14 KB as sent, naming the article file when it is over', () => {
    const budget = budgetFor(path);
    expect(budget.firstRoundTrip).toEqual({ through: 'data-excerpt', kb: 14 });
    const [problem] = check(path, 'first', figures({ firstRoundTrip: 14.2 * KB }), budget);
    expect(problem).toContain('/articles/moving-with-pets (src/content/articles/moving-with-pets.mdx)');
    expect(problem).toContain('the first round trip');
    expect(problem).toContain('14.20 KB > budget 14 KB');
  });

  it('say so when the page lacks the part the first round trip must hold', () => {
    expect(check(path, 'first', figures({}), budgetFor(path))).toEqual([
      '/articles/moving-with-pets (src/content/articles/moving-with-pets.mdx): the page has no element with data-excerpt, which its first round trip must hold',
    ]);
  });

  it('hold the heaviest article the schema allows to a whole-document budget too', () => {
    const budget = budgetFor(path, [budgets.worstCaseArticle]);
    expect(budget.document).toBe(budgets.worstCaseArticle.document);
    expect(
      check(
        path,
        'first',
        figures({ document: (budgets.worstCaseArticle.document + 0.1) * KB, firstRoundTrip: 9 * KB }),
        budget,
        ' (worst)',
      ),
    ).toHaveLength(1);
  });
});

describe('the other pages', () => {
  it('keep a whole-document budget and no first-round-trip rule', () => {
    for (const path of ['/', '/articles', '/articles/page/2', '/quote', '/about']) {
      const budget = budgetFor(path);
      expect(budget.document, path).toBeGreaterThan(0);
      expect(budget.firstRoundTrip, path).toBeUndefined();
      expect(budget.file, path).toBeUndefined();
    }
  });
});

describe('the first round trip, measured on the bytes as sent', () => {
  const html = `<!doctype html><html><head><title>t</title><style>${'p{color:red}'.repeat(200)}</style></head><body><h1>Title</h1><p class="lead" data-excerpt>An opening paragraph, with “curly quotes”.</p><div>${'Body text that goes on. '.repeat(2000)}</div></body></html>`;

  it('ends just after the element that carries the attribute, counted in bytes', () => {
    const end = endOfElementWith(html, 'data-excerpt')!;
    expect(Buffer.from(html).subarray(0, end).toString().endsWith('“curly quotes”.</p>')).toBe(true);
    expect(endOfElementWith(html, 'data-missing')).toBeUndefined();
  });

  it('is the fewest compressed bytes that decode that far, far fewer than the whole body', () => {
    const body = gzipSync(html);
    const end = endOfElementWith(html, 'data-excerpt')!;
    const needed = sentBytesFor(body, 'gzip', end);
    expect(needed).toBeLessThan(body.length);
    expect(needed).toBeGreaterThan(0);
    const decoded = (bytes: number) => gunzipSync(body.subarray(0, bytes), { finishFlush: constants.Z_SYNC_FLUSH }).length;
    expect(decoded(needed)).toBeGreaterThanOrEqual(end);
    expect(decoded(needed - 1)).toBeLessThan(end);
    expect(sentBytesFor(Buffer.from(html), 'identity', end)).toBe(end);
  });
});
