#!/usr/bin/env node
// Opens every page of the built site in Chromium twice (first visit: empty storage; repeat visit: cookie
// consent stored), records the bytes the browser fetched before any interaction, gzip-compressed as
// Cloudflare serves them, prints a table per page and fails when a page is over its budget in budgets.json.
//
//   npm run build && npm run budgets      (serves dist/ itself with wrangler dev, on a free port unless BUDGET_PORT names one)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../src/scripts/consent-record.ts';
import { addDays, londonToday } from '../src/lib/dates.ts';
import { chromeArgs, chromePath } from './lib/chromium.mjs';
import { portFromEnv, startSite } from './lib/start-site.mjs';

const SETTLE_MS = 2500; // the consent banner loads 1 s after load; give it time to arrive
const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));

/** A stored consent record (essential only), as the cookie banner writes it, for the repeat visit. */
const CONSENT = JSON.stringify(consentRecord(NO_OPTIONAL));

const kb = (bytes) => bytes / 1024;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;
/** React's own code (react-dom registers this hook name); any script carrying it counts as framework JavaScript. */
const FRAMEWORK = /__REACT_DEVTOOLS_GLOBAL_HOOK__|react\.transitional\.element/;

function pagesToVisit() {
  const xml = readFileSync('dist/sitemap-0.xml', 'utf8');
  const fromSitemap = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set([...fromSitemap, ...(budgets.extraPages ?? [])])];
}

function budgetFor(path) {
  const own = budgets.pages?.[path] ?? {};
  const d = budgets.defaults;
  return {
    htmlCss: own.htmlCss ?? d.htmlCss,
    first: { ...d.first, ...own.first },
    repeat: { ...d.repeat, ...own.repeat },
  };
}

function inlineBytes(html) {
  const executable = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs))
    .map(([, , body]) => body)
    .join('');
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return { inlineJs: executable ? gz(Buffer.from(executable)) : 0, inlineCss: styles ? gz(Buffer.from(styles)) : 0 };
}

/**
 * The address to measure for a page. A page reached only through a request (a quote's confirmation, whose address is
 * the stored quote's own link) names a `sampleQuote` in budgets.json: it is sent to the quote endpoint, a month ahead,
 * and the answer's link is measured.
 */
async function addressOf(base, path) {
  const sample = budgets.pages?.[path]?.sampleQuote;
  if (!sample) return path;
  const body = { ...sample, moveDate: addDays(londonToday(), 30), idempotencyKey: `budgets-${Date.now()}` };
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
  await page.waitForTimeout(SETTLE_MS);
  const entries = await Promise.all(pending);
  await context.close();

  const sum = (type) => entries.filter((e) => e.type === type).reduce((total, e) => total + e.bytes, 0);
  const documentEntry = entries.find((e) => e.type === 'document');
  const { inlineJs, inlineCss } = inlineBytes(documentEntry?.body.toString('utf8') ?? '');
  return {
    status: response?.status(),
    html: documentEntry?.bytes ?? 0,
    css: sum('stylesheet'),
    inlineCss,
    externalJs: sum('script'),
    frameworkJs: entries.filter((e) => e.type === 'script' && FRAMEWORK.test(e.body.toString('utf8'))).reduce((t, e) => t + e.bytes, 0),
    inlineJs,
    images: sum('image'),
    other: entries.filter((e) => !['document', 'stylesheet', 'script', 'image'].includes(e.type)).reduce((t, e) => t + e.bytes, 0),
    requests: entries.length,
  };
}

function check(path, visit, figures, budget) {
  const problems = [];
  const limits = { ...budget[visit], htmlCss: budget.htmlCss };
  const actual = {
    htmlCss: figures.html + figures.css,
    externalJs: figures.externalJs,
    frameworkJs: figures.frameworkJs,
    inlineJs: figures.inlineJs,
    js: figures.externalJs + figures.inlineJs,
    images: figures.images,
  };
  for (const [key, limit] of Object.entries(limits)) {
    if (limit === undefined || actual[key] === undefined) continue;
    if (kb(actual[key]) > limit) problems.push(`${path} (${visit} visit): ${key} ${kb(actual[key]).toFixed(2)} KB > budget ${limit} KB`);
  }
  return problems;
}

let site;
let exitCode = 0;
try {
  site = await startSite({ state: '.wrangler/budget-state', ports: { site: portFromEnv('BUDGET_PORT') } });
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  const problems = [];
  const rows = [];
  for (const path of pagesToVisit()) {
    const budget = budgetFor(path);
    const address = await addressOf(site.url, path);
    for (const visit of ['first', 'repeat']) {
      const figures = await measure(browser, site.url, address, visit === 'repeat');
      problems.push(...check(path, visit, figures, budget));
      rows.push({ path, visit, ...figures });
    }
  }
  await browser.close();

  const header = [
    'page',
    'visit',
    'status',
    'HTML',
    'of it CSS',
    'ext CSS',
    'ext JS',
    'of it React',
    'inline JS',
    'images',
    'other',
    'requests',
  ];
  const table = rows.map((r) => [
    r.path,
    r.visit,
    String(r.status),
    ...[r.html, r.inlineCss, r.css, r.externalJs, r.frameworkJs, r.inlineJs, r.images, r.other].map((b) => kb(b).toFixed(2)),
    String(r.requests),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => '| ' + cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log('\nTransferred before any interaction, gzip KB (first = empty storage, repeat = consent stored):\n');
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const row of table) console.log(line(row));
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
