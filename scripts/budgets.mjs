#!/usr/bin/env node
// The bytes each built page fetches before any interaction (first visit, and with consent stored), gzipped as
// Cloudflare serves them; fails when a page is over budgets.json. The document counts its response headers too, as
// all of it must fit the first round trip (issue 20); an article page's first round trip holds everything up to its
// opening paragraph, and the rest of it, however long the article, has no budget (issue 31). Then builds a copy of
// the site with the heaviest articles the schema allows and holds what an article page adds around its body to its
// budget. Also walks the quote wizard through all five steps.
//   npm run build && npm run budgets      (serves dist/ itself with wrangler dev, on a free port unless BUDGET_PORT names one)
//   npm run budgets -- --only '^/articles' --no-walk --no-worst-case      (only the pages whose path matches; no quote
//   walk; no copy with the heaviest articles)
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { availableParallelism, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../src/scripts/consent-record.ts';
import { createPostcodesStandIn } from '../stand-ins/postcodes/server.mjs';
import { addDays, londonToday } from '../src/lib/dates.ts';
import { openDayFrom } from '../src/lib/move-date.ts';
import { chromeArgs, chromePath } from './lib/chromium.mjs';
import { budgetRules } from './lib/budget-rules.mjs';
import { bodyBytesThrough } from './lib/first-round-trip.mjs';
import { copyProject } from './lib/project-copy.mjs';
import { portFromEnv, startSite } from './lib/start-site.mjs';
import { WORST_CASE_TODAY, worstCasePage, writeWorstCaseArticles } from './lib/worst-case-articles.mjs';

const { values: options } = parseArgs({
  options: { only: { type: 'string' }, 'no-walk': { type: 'boolean' }, 'no-worst-case': { type: 'boolean' } },
});
const only = options.only === undefined ? undefined : new RegExp(options.only);

const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));
const { budgetFor, check } = budgetRules(budgets);

const CONSENT = JSON.stringify(consentRecord(NO_OPTIONAL));

/**
 * A ceiling scaled by the load, as tests/shared/load.ts scales the tests' (1 to 8 times; npm test runs this beside the
 * API tests). Written here because a copy of the project that runs this script (tests/build/article-budgets) has no tests/.
 */
const ceiling = (ms) => Math.round(ms * Math.min(8, Math.max(1, loadavg()[0] / availableParallelism())));

const kb = (bytes) => bytes / 1024;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;
/** React's own code (react-dom registers this hook name); any script carrying it counts as framework JavaScript. */
const FRAMEWORK = /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.transitional\.element/;

function pagesToVisit() {
  const xml = readFileSync('dist/client/sitemap-0.xml', 'utf8');
  const fromSitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set([...fromSitemap, ...(budgets.extraPages ?? [])])].filter((path) => !only || only.test(path));
}

function inlineBytes(html) {
  const executable = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs))
    .map(([, , body]) => body)
    .join('');
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return { inlineJs: executable ? gz(Buffer.from(executable)) : 0, inlineCss: styles ? gz(Buffer.from(styles)) : 0 };
}

/** A page reached only through a request (a quote's confirmation) names a `sampleQuote` in budgets.json to send. */
async function addressOf(base, path) {
  const sample = budgets.pages?.[path]?.sampleQuote;
  if (!sample) return path;
  const body = { ...sample, moveDate: openDayFrom(addDays(londonToday(), 30)), idempotencyKey: `budgets-${Date.now()}` };
  const response = await fetch(`${base}/api/send-quote-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`the sample quote for ${path} was refused: ${JSON.stringify(answer)}`);
  return answer.confirmationUrl;
}

async function measure(browser, base, path, repeat) {
  const context = await browser.newContext();
  // Ceilings, not waits, scaled by the load: npm test runs this beside the API tests.
  context.setDefaultTimeout(ceiling(30_000));
  if (repeat) await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: CONSENT_KEY, value: CONSENT });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) =>
    pending.push(
      (async () => {
        const type = response.request().resourceType();
        const contentType = response.headers()['content-type'] ?? '';
        const body = await response.body().catch(() => Buffer.alloc(0));
        return { url: response.url(), type, bytes: TEXT.test(contentType) ? gz(body) : body.length, body };
      })(),
    ),
  );
  const response = await page.goto(base + path, { waitUntil: 'load' });
  const sent = await response?.request().sizes();
  // Everything a visit fetches before any interaction has come once each island is hydrated, on a first visit (no
  // choice stored) the cookie banner's loader has mounted it with its stylesheet (src/scripts/on-demand.ts), and what
  // the page's scripts ask for after load has been answered (network idle): events, not a fixed time a busy machine
  // could outlast.
  await page.waitForFunction(
    (firstVisit) =>
      !document.querySelector('astro-island[ssr]') &&
      (!firstVisit || !document.querySelector('[data-island="cookie-banner"]:not([data-mounted])')),
    !repeat,
  );
  await page.waitForLoadState('networkidle');
  const entries = await Promise.all(pending);
  await context.close();

  const sum = (type) => entries.filter((e) => e.type === type).reduce((total, e) => total + e.bytes, 0);
  const documentEntry = entries.find((e) => e.type === 'document');
  const { inlineJs, inlineCss } = inlineBytes(documentEntry?.body.toString('utf8') ?? '');
  return {
    status: response?.status(),
    html: documentEntry?.bytes ?? 0,
    document: sent ? sent.responseHeadersSize + sent.responseBodySize : 0,
    headers: sent?.responseHeadersSize ?? 0,
    css: sum('stylesheet'),
    inlineCss,
    scriptRequests: entries.filter((e) => e.type === 'script').length,
    externalJs: sum('script'),
    frameworkJs: entries.filter((e) => e.type === 'script' && FRAMEWORK.test(e.body.toString('utf8'))).reduce((t, e) => t + e.bytes, 0),
    inlineJs,
    images: sum('image'),
    other: entries.filter((e) => !['document', 'stylesheet', 'script', 'image'].includes(e.type)).reduce((t, e) => t + e.bytes, 0),
    requests: entries.length,
  };
}

/** The bytes as sent up to the end of the part the first round trip must hold (headers included), for pages with that budget. */
async function firstRoundTrip(url, budget, headers) {
  if (!budget.firstRoundTrip) return undefined;
  const body = await bodyBytesThrough(url, budget.firstRoundTrip.through);
  return body === undefined ? undefined : headers + body;
}

/** Measures a page on both visits and checks it; `more` and `about` are the worst case's layer and its words. */
async function measurePage(browser, base, path, { more, about } = {}) {
  const budget = budgetFor(path, more);
  const address = await addressOf(base, path);
  const results = { problems: [], rows: [] };
  for (const visit of ['first', 'repeat']) {
    const figures = await measure(browser, base, address, visit === 'repeat');
    figures.firstRoundTrip = await firstRoundTrip(base + address, budget, figures.headers);
    results.problems.push(...check(path, visit, figures, budget, about));
    results.rows.push({ path, visit, ...figures });
  }
  return results;
}

/**
 * The heaviest article pages the schema allows (scripts/lib/worst-case-articles.mjs), built in a temporary copy: what
 * a page adds around an article's body is held to budgets.json's `worstCaseArticle` there, as no real article can
 * make it heavier.
 */
async function measureWorstCase(browser) {
  if (only && !only.test(worstCasePage)) return { problems: [], rows: [] };
  const copy = copyProject({ prefix: 'shiftly-budgets-worst-case-' });
  let worst;
  try {
    await writeWorstCaseArticles(copy);
    console.log('▶ Building a copy of the site with the heaviest articles the schema allows…');
    worst = await startSite({
      cwd: copy,
      build: true,
      state: '.wrangler/budget-worst-case-state',
      env: { ARTICLES_TODAY: WORST_CASE_TODAY },
      timeoutMs: 900_000,
    });
    const about =
      ' (the heaviest article the schema allows, scripts/lib/worst-case-articles.mjs: the page around an article grew, which is about src/pages/articles/[id].astro and its components, not about any article)';
    const { problems, rows } = await measurePage(browser, worst.url, worstCasePage, { more: [budgets.worstCaseArticle ?? {}], about });
    return { problems, rows: rows.map((row) => ({ ...row, path: '/articles/… (worst case)' })) };
  } finally {
    await worst?.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}

let site;

/** Every script byte fetched from opening /quote until step 5 has checked the contact details, on a first visit. */
async function measureQuoteWalk(browser, base) {
  const standIn = createPostcodesStandIn();
  await new Promise((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const standInUrl = `http://127.0.0.1:${standIn.address().port}`;
  const context = await browser.newContext();
  // Ceilings, not waits, scaled by the load: npm test runs this beside the API tests.
  context.setDefaultTimeout(ceiling(30_000));
  await context.route(/\/(postcodes|outcodes)\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === base) return route.continue();
    const answer = await fetch(standInUrl + url.pathname + url.search);
    await route.fulfill({
      status: answer.status,
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(gz(await response.body().catch(() => Buffer.alloc(0))));
  });
  try {
    const response = await page.goto(base + '/quote', { waitUntil: 'load' });
    const inline = inlineBytes((await response.body()).toString('utf8')).inlineJs;
    // The wizard has drawn itself and taken over: its painted first step and the plain form are gone, so "2 bedrooms"
    // is the wizard's own option (on a loaded machine the painted one was still there beside it).
    await page.waitForFunction(
      () => !document.querySelector('astro-island[ssr], astro-island[client="only"]:empty, [data-wizard-shape], form[data-quote-form]'),
    );
    const next = () => page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('2 bedrooms', { exact: true }).click();
    await next();
    await page.getByRole('button', { name: /Sofa/ }).click();
    await next();
    await page.getByRole('combobox', { name: 'Moving from' }).fill('SW1A 1AA');
    await page.getByRole('combobox', { name: 'Moving to' }).fill('M1 1AE');
    await page.locator('[data-quote-total]').waitFor({ timeout: ceiling(15_000) });
    await next();
    const typed = openDayFrom(addDays(londonToday(), 21)).split('-').reverse().join('/');
    await page.getByLabel('Or type the date (dd/mm/yyyy)').fill(typed);
    await next();
    // Step 5: an empty submit runs the shared validation, so everything the wizard can load has loaded.
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    await page.waitForLoadState('networkidle');
    return { js: scripts.reduce((total, bytes) => total + bytes, 0) + inline, files: scripts.length };
  } finally {
    await context.close();
    standIn.close();
  }
}

let exitCode = 0;
try {
  site = await startSite({ state: '.wrangler/budget-state', ports: { site: portFromEnv('BUDGET_PORT') } });
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  const problems = [];
  const rows = [];
  for (const path of pagesToVisit()) {
    const measured = await measurePage(browser, site.url, path);
    problems.push(...measured.problems);
    rows.push(...measured.rows);
  }
  const walk = budgets.quoteWalk && !options['no-walk'] ? await measureQuoteWalk(browser, site.url) : undefined;
  if (walk && kb(walk.js) > budgets.quoteWalk.js)
    problems.push(`/quote walk through all five steps: JS ${kb(walk.js).toFixed(2)} KB > budget ${budgets.quoteWalk.js} KB`);
  await site.stop();
  if (!options['no-worst-case']) {
    const worst = await measureWorstCase(browser);
    problems.push(...worst.problems);
    rows.push(...worst.rows);
  }
  await browser.close();

  const header = [
    'page',
    'visit',
    'status',
    'document sent',
    '1st round trip',
    'of it headers',
    'HTML gzip -9',
    'of it CSS',
    'ext CSS',
    'ext JS',
    'of it React',
    'inline JS',
    'images',
    'other',
    'requests',
    'scripts',
  ];
  const table = rows.map((r) => [
    r.path,
    r.visit,
    String(r.status),
    kb(r.document).toFixed(2),
    r.firstRoundTrip === undefined ? '–' : kb(r.firstRoundTrip).toFixed(2),
    ...[r.headers, r.html, r.inlineCss].map((b) => kb(b).toFixed(2)),
    ...[r.css, r.externalJs, r.frameworkJs, r.inlineJs, r.images, r.other].map((b) => kb(b).toFixed(2)),
    String(r.requests),
    String(r.scriptRequests),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log(
    '\nTransferred before any interaction, gzip KB (first = empty storage, repeat = consent stored; document sent = its response headers plus its body as the server compressed it; 1st round trip = of it, the part up to the end of what budgets.json says the first round trip holds; scripts = script files fetched):\n',
  );
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of table) console.log(line(row));
  if (walk)
    console.log(
      `\n/quote walked through all five steps (first visit): ${kb(walk.js).toFixed(2)} KB of JavaScript in ${walk.files} files plus inline (budget ${budgets.quoteWalk.js} KB).`,
    );
  if (problems.length) {
    console.error(`\n✗ ${problems.length} budget(s) exceeded:\n  ${problems.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log(`\n✓ All ${rows.length / 2} pages within budget (budgets.json).`);
  }
} catch (error) {
  console.error(`✗ budgets: ${error.message}`);
  exitCode = 1;
} finally {
  await site?.stop();
}
process.exit(exitCode);
