#!/usr/bin/env node
// Lighthouse medians for each page type, plus the client-rendered reference in bench/ in the same run so the ratios
// hold on a noisy machine. Slow and CPU heavy: not part of CI.
//   npm run lighthouse [-- --runs 3] [--no-build] [--only /,/faq] [--profiles mobile] [--no-bench] [--out docs/quality.md]
// Ports are free ones unless named: LIGHTHOUSE_PORT, LIGHTHOUSE_POSTCODES_PORT, LIGHTHOUSE_MAIL_PORT, BENCH_PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CONSENT_KEY, consentRecord, NO_OPTIONAL } from '../src/scripts/consent-record.ts';
import { serveStatic } from './lib/static-server.mjs';
import { chromeArgs, chromePath } from './lib/chromium.mjs';
import { offlineEnv } from './lib/offline-env.mjs';
import { portFromEnv, startSite } from './lib/start-site.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-bench': { type: 'boolean', default: false },
    only: { type: 'string' },
    profiles: { type: 'string' },
    out: { type: 'string', default: 'docs/quality.md' },
  },
});

const RUNS = Math.max(1, Number(opts.runs));

const PAGES = [
  { type: 'Home', path: '/' },
  { type: 'Service page', path: '/services/home-removals' },
  { type: 'FAQ', path: '/faq' },
  { type: 'Articles list', path: '/articles' },
  { type: 'Article', path: '/articles/moving-checklist-guide' },
  { type: 'Quote wizard', path: '/quote' },
  { type: 'Contact', path: '/contact' },
  { type: '404', path: '/this-page-does-not-exist' },
].filter((page) => !opts.only || opts.only.split(',').includes(page.path));

const BENCH_PAGES = opts['no-bench'] ? [] : PAGES.filter((p) => ['/articles/moving-checklist-guide', '/quote'].includes(p.path));

const PROFILES = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
].filter((profile) => !opts.profiles || opts.profiles.split(',').includes(profile.name));
const STATES = [
  { name: 'first visit', consent: false },
  { name: 'consent stored', consent: true },
];

const cleanups = [];
async function shutdown() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await shutdown();
    process.exit(130);
  });

function gitCommit() {
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim();
  return dirty ? `${rev} (with uncommitted changes)` : rev;
}

async function startOurSite() {
  const site = await startSite({
    state: '.wrangler/lighthouse-state',
    build: !opts['no-build'],
    ports: {
      site: portFromEnv('LIGHTHOUSE_PORT'),
      postcodes: portFromEnv('LIGHTHOUSE_POSTCODES_PORT'),
      mail: portFromEnv('LIGHTHOUSE_MAIL_PORT'),
    },
    // The build and start-up are worth seeing; wrangler's line per request is not.
    onOutput: (chunk) => {
      const text = chunk
        .split('\n')
        .filter((line) => !/\[wrangler:info\] (GET|POST|HEAD) /.test(line))
        .join('\n');
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
  });
  cleanups.push(site.stop);
  console.log(`▶ The site on ${site.url} (postcodes ${site.postcodesUrl}, mail ${site.mailUrl})`);
  return site.url;
}

async function startBench() {
  if (!opts['no-build']) {
    console.log('\n▶ Building the client-rendered reference (bench/)');
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'bench/vite.config.ts'], {
      stdio: 'inherit',
      env: offlineEnv,
    });
    if (result.status !== 0) throw new Error('the bench build failed');
  }
  const server = await serveStatic('bench/dist', portFromEnv('BENCH_PORT') ?? 0, { spaFallback: 'index.html' });
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

/** Flags chrome-launcher (Lighthouse's own launcher) adds for measuring: no extensions, no background throttling. */
const MEASURING_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-default-apps',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
];

/** Chromium writes the port the OS picked to DevToolsActivePort in the profile; Lighthouse drives it through that. */
async function launchChromium(userDataDir) {
  const args = [...chromeArgs.filter((flag) => flag !== '--headless'), '--headless=new', ...MEASURING_FLAGS];
  const child = spawn(chromePath, [...args, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: 'ignore',
    detached: true, // its own process group: the renderers go with it
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  };
  const portFile = join(userDataDir, 'DevToolsActivePort');
  for (const until = Date.now() + 30_000; Date.now() < until; await delay(100)) {
    if (child.exitCode !== null) throw new Error(`Chromium (${chromePath}) exited with ${child.exitCode} before it opened a DevTools port`);
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return { port, kill };
  }
  await kill();
  throw new Error('Chromium opened no DevTools port within 30 s');
}

async function storeConsent(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    const page = await context.newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: CONSENT_KEY,
      value: JSON.stringify(consentRecord(NO_OPTIONAL)),
    });
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close(); // a browser connected over CDP is only disconnected, not closed
  }
}

/** With consent, storage is not reset but the HTTP cache still is: the stored record is the only difference. */
async function runOnce(url, profile, consent) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'shiftly-lh-'));
  const chrome = await launchChromium(userDataDir);
  try {
    if (consent) await storeConsent(chrome.port, url);
    const result = await lighthouse(
      url,
      // ignoreStatusCode: the 404 page is measured as the page it is, not refused for its status.
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: consent,
        ignoreStatusCode: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      profile.config,
    );
    if (!result) throw new Error(`no result for ${url}`);
    if (result.lhr.runtimeError)
      console.warn(`\n  Lighthouse runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return summarise(result.lhr);
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

function lcpElement(lhr) {
  const seen = new Set();
  const find = (value) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return undefined;
    seen.add(value);
    if (value.type === 'node' && (value.selector || value.snippet)) return value;
    for (const child of Object.values(value)) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const node = find(lhr.audits['lcp-breakdown-insight']?.details) ?? find(lhr.audits['largest-contentful-paint-element']?.details);
  if (!node) return { label: '(none reported)', selector: '', snippet: '' };
  return { label: node.nodeLabel ?? '', selector: node.selector ?? '', snippet: node.snippet ?? '' };
}

function summarise(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // The document as transferred (its headers included): what must fit the first round trip (issue 20).
  const documentBytes = requests.find((r) => r.resourceType === 'Document')?.transferSize ?? NaN;
  const failing = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    if (category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (
        ref.weight > 0 &&
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable'
      ) {
        failing.push(`${id}: ${ref.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
    jsBytes,
    jsFiles: scripts.length,
    documentBytes,
    requests: requests.length,
    lcpElement: lcpElement(lhr),
    failing,
    warnings: lhr.runWarnings ?? [],
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const NUMERIC = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'fcp',
  'lcp',
  'tbt',
  'cls',
  'totalBytes',
  'jsBytes',
  'jsFiles',
  'documentBytes',
  'requests',
];

/** Median of every figure; the LCP element of the run whose LCP is the median one. */
function combine(allRuns) {
  // A run Lighthouse could not measure twice over is left out rather than counted as zero.
  const measured = allRuns.filter((r) => Number.isFinite(r.lcp));
  const runs = measured.length ? measured : allRuns;
  const combined = Object.fromEntries(NUMERIC.map((key) => [key, median(runs.map((r) => r[key]))]));
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor((runs.length - 1) / 2)];
  combined.lcpElement = byLcp.lcpElement;
  combined.lcpElements = [...new Set(runs.map((r) => r.lcpElement.selector || r.lcpElement.label))];
  combined.failing = [...new Set(runs.flatMap((r) => r.failing))];
  combined.runs = runs.length;
  combined.fcps = runs.map((r) => r.fcp);
  combined.lcps = runs.map((r) => r.lcp);
  combined.unmeasured = allRuns.length - measured.length;
  return combined;
}

const isCookieBanner = (element) => /cookie-banner|data-cookie-banner/.test(`${element.selector} ${element.snippet}`);

const jobs = [];
for (const page of PAGES) {
  for (const profile of PROFILES) {
    for (const state of STATES) jobs.push({ site: 'ours', page, profile, state });
  }
}
for (const page of BENCH_PAGES) {
  for (const profile of PROFILES) jobs.push({ site: 'reference', page, profile, state: STATES[0] });
}

const NOT_FOUND_NOTE =
  "The 404 page's SEO and best-practices marks are what a correct 404 gets: Lighthouse's `http-status-code` fails any 4xx answer, `is-crawlable` fails its `noindex, nofollow` (it must not be indexed), and `errors-in-console` counts Chromium's own \"Failed to load resource: … 404\" line for the document itself (the page logs nothing at error level). Serving it with 200 or letting it be indexed would raise the score and break the site.";

try {
  const origins = { ours: await startOurSite(), reference: BENCH_PAGES.length ? await startBench() : undefined };
  const commit = gitCommit();
  const started = new Date();

  // Interleaved: run 1 of every job, then run 2 of every job, so a slow spell on the machine hits all alike.
  const results = new Map(jobs.map((job) => [job, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const [index, job] of jobs.entries()) {
      const label = `${job.site === 'reference' ? '[reference] ' : ''}${job.page.path} ${job.profile.name}, ${job.state.name}`;
      process.stdout.write(`run ${run}/${RUNS} · ${index + 1}/${jobs.length} · ${label} … `);
      const url = origins[job.site] + job.page.path;
      let summary = await runOnce(url, job.profile, job.state.consent);
      // A run Lighthouse could not measure (no LCP: a hiccup on a busy machine) is repeated once, not averaged in.
      if (!Number.isFinite(summary.lcp)) summary = await runOnce(url, job.profile, job.state.consent);
      results.get(job).push(summary);
      console.log(
        `perf ${summary.performance} a11y ${summary.accessibility} bp ${summary.bestPractices} seo ${summary.seo} · FCP ${Math.round(summary.fcp)} ms · LCP ${Math.round(summary.lcp)} ms · TBT ${Math.round(summary.tbt)} ms`,
      );
    }
  }

  const rows = jobs.map((job) => ({ ...job, result: combine(results.get(job)) }));
  printPaintSummary(rows);
  const report = renderReport(rows, { commit, started, runs: RUNS });
  writeFileSync(opts.out, report);
  console.log(`\n✓ Wrote ${opts.out}`);
  const bannerLcp = rows.filter((row) => isCookieBanner(row.result.lcpElement));
  if (bannerLcp.length) {
    console.error(
      `✗ The cookie banner is the LCP element on: ${bannerLcp.map((r) => `${r.page.path} ${r.profile.name} ${r.state.name}`).join('; ')}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await shutdown();
}

function printPaintSummary(rows) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
  console.log('\nFirst and largest contentful paint (median):\n');
  const table = rows.map((row) => [
    `${row.site === 'reference' ? '[reference] ' : ''}${row.page.type} ${row.page.path}`,
    row.profile.name,
    row.state.name,
    ms(row.result.fcp),
    ms(row.result.lcp),
  ]);
  const header = ['page', 'profile', 'visit', 'FCP', 'LCP'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => cells[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const cells of table) console.log(line(cells));
}

/** Issue 20's checks, against the 404 page: the same chrome, and a document that already fitted the first round trip. */
function firstRoundTrip(ours) {
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
  const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(2)} KB` : 'n/a');
  const find = (path, state) => ours.find((r) => r.page.path === path && r.profile.name === 'mobile' && r.state === state);
  const article = '/articles/moving-checklist-guide';
  const notFound = '/this-page-does-not-exist';
  if (!PROFILES.some((p) => p.name === 'mobile')) return [];
  const lines = ['## The first round trip (issue 20)', ''];
  lines.push(
    "Mobile. The document as transferred (headers included, as Lighthouse counts it); every run's FCP and LCP in run order, then the median.",
    '',
  );
  lines.push('| page | visit | document | FCP per run | FCP | LCP per run | LCP |');
  lines.push('|---|---|---:|---|---:|---|---:|');
  for (const state of STATES) {
    for (const row of ours.filter((r) => r.profile.name === 'mobile' && r.state === state)) {
      const r = row.result;
      lines.push(
        `| \`${row.page.path}\` | ${state.name} | ${kb(r.documentBytes)} | ${r.fcps.map(ms).join(', ')} | ${ms(r.fcp)} | ${r.lcps.map(ms).join(', ')} | ${ms(r.lcp)} |`,
      );
    }
  }
  lines.push('');
  for (const state of STATES) {
    const a = find(article, state)?.result;
    const b = find(notFound, state)?.result;
    if (!a || !b) continue;
    const ratio = a.fcp / b.fcp;
    lines.push(
      `- ${state.name}: \`${article}\` FCP ${ms(a.fcp)} / 404 ${ms(b.fcp)} = **${ratio.toFixed(2)}x** (${ratio <= 1.05 ? 'within' : 'over'} 1.05x); LCP ${ms(a.lcp)} (${a.lcp < 1000 ? 'under' : 'over'} 1,000 ms).`,
    );
  }
  const faq = find('/faq', STATES[0])?.result;
  if (faq)
    lines.push(
      `- \`/faq\`, first visit: ${faq.jsFiles} script files, ${kb(faq.jsBytes)} as transferred here, each with its response headers (HTTP/1.1, about 0.6 KB a file). The 5 KB budget is held by \`npm run budgets\` on their gzip bodies; inline scripts are in the document.`,
    );
  const quote = find('/quote', STATES[0])?.result;
  const budgets = JSON.parse(readFileSync('budgets.json', 'utf8'));
  if (quote)
    lines.push(
      `- \`/quote\`, first visit: ${quote.jsFiles} script files fetched as the page loads, before anyone touches it (budget ${budgets.pages['/quote'].first.scriptRequests}, held by \`npm run budgets\` too); the walk through all five steps is held there at ${budgets.quoteWalk.js} KB.`,
    );
  lines.push('');
  return lines;
}

function renderReport(rows, { commit, started, runs }) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
  const ours = rows.filter((r) => r.site === 'ours');
  const lines = [
    '# Quality: Lighthouse on every page type',
    '',
    `Generated by \`npm run lighthouse\` (scripts/lighthouse.mjs) on ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC at commit \`${commit}\`.`,
    `Lighthouse ${'13.5.0'}, Debian Chromium (headless), the built site served by \`wrangler dev --env test\` with the local stand-ins.`,
    `Each figure is the median of ${runs} run${runs === 1 ? '' : 's'}, each in a fresh browser profile with an empty cache; runs are interleaved across pages.`,
    "Mobile is Lighthouse's default profile (Moto G Power, simulated slow 4G and 4x CPU slowdown); desktop is its desktop preset.",
    '"Consent stored" opens the page with the cookie-consent record (essential only) already in localStorage, as a returning visitor has it.',
    "Bytes are transfer sizes as served locally (wrangler dev gzips text, as does the reference's server). JS bytes count script files only; inline scripts are part of the HTML.",
    '',
    'Thresholds: accessibility, best practices and SEO 100 everywhere; mobile performance at least 95 on a first visit and 100 for articles and static pages with consent stored; the cookie banner is never the LCP element.',
    '',
  ];

  for (const page of PAGES) {
    const pageRows = ours.filter((r) => r.page === page);
    lines.push(`## ${page.type}: \`${page.path}\``, '');
    lines.push(
      '| profile | visit | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | total bytes | JS bytes | requests |',
    );
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of pageRows) {
      const r = row.result;
      lines.push(
        `| ${row.profile.name} | ${row.state.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${Number.isFinite(r.cls) ? r.cls.toFixed(3) : 'n/a'} | ${kb(r.totalBytes)} | ${kb(r.jsBytes)} | ${r.requests} |`,
      );
    }
    lines.push('', 'LCP element:', '');
    for (const row of pageRows) {
      const el = row.result.lcpElement;
      const text = el.label ? `"${el.label.slice(0, 80)}"` : '';
      lines.push(
        `- ${row.profile.name}, ${row.state.name}: \`${el.selector || '(none)'}\` ${text}${isCookieBanner(el) ? ' **THE COOKIE BANNER**' : ''}`,
      );
    }
    for (const row of pageRows) {
      if (row.result.unmeasured)
        lines.push(
          `- ${row.profile.name}, ${row.state.name}: ${row.result.unmeasured} run(s) Lighthouse could not measure (no LCP) were left out of the median.`,
        );
    }
    const failing = [...new Set(pageRows.flatMap((r) => r.result.failing))];
    if (failing.length) lines.push('', 'Audits below full marks (any run):', '', ...failing.map((f) => `- ${f}`));
    lines.push('');
  }

  lines.push(...firstRoundTrip(ours));

  const bannerLcp = ours.filter((r) => isCookieBanner(r.result.lcpElement) || r.result.lcpElements.some((s) => /cookie-banner/.test(s)));
  lines.push('## The cookie banner is never the LCP element', '');
  lines.push(
    bannerLcp.length
      ? `**Failed**: the banner was the LCP element on ${bannerLcp.map((r) => `${r.page.path} (${r.profile.name}, ${r.state.name})`).join(', ')}.`
      : `Checked on every page, profile, visit and run above (${ours.length * runs} runs): the LCP element was never inside the cookie banner (\`[data-cookie-banner]\`, \`#cookie-banner-*\`).`,
    '',
  );

  const reference = rows.filter((r) => r.site === 'reference');
  if (reference.length) {
    lines.push('## Compared with a client-rendered reference', '');
    lines.push(
      'The reference (`bench/`) is the same two pages built the way the seed product was: Vite + React + react-router, one bundle for every route, the article text imported as data, our quote wizard island reused. It is built and measured in the same run, interleaved with our pages. Ratios are ours / reference (lower is better); ours is the first visit (the banner loading) unless marked.',
      '',
    );
    lines.push(
      '| page | profile | JS bytes ours / ref | ratio | LCP ours / ref | ratio | TBT ours / ref | ratio | performance ours / ref |',
    );
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : a === 0 ? '—' : '∞');
    for (const ref of reference) {
      for (const state of STATES) {
        const mine = ours.find((r) => r.page === ref.page && r.profile === ref.profile && r.state === state);
        if (!mine) continue;
        const a = mine.result;
        const b = ref.result;
        lines.push(
          `| \`${ref.page.path}\`${state.consent ? ' (consent stored)' : ''} | ${ref.profile.name} | ${kb(a.jsBytes)} / ${kb(b.jsBytes)} | ${ratio(a.jsBytes, b.jsBytes)} | ${ms(a.lcp)} / ${ms(b.lcp)} | ${ratio(a.lcp, b.lcp)} | ${ms(a.tbt)} / ${ms(b.tbt)} | ${ratio(a.tbt, b.tbt)} | ${a.performance} / ${b.performance} |`,
        );
      }
    }
    lines.push('', 'Reference scores (accessibility / best practices / SEO):', '');
    for (const ref of reference) {
      const r = ref.result;
      lines.push(
        `- \`${ref.page.path}\` ${ref.profile.name}: ${r.accessibility} / ${r.bestPractices} / ${r.seo}; total ${kb(r.totalBytes)}, ${r.requests} requests, LCP element \`${r.lcpElement.selector || '(none)'}\``,
      );
    }
    lines.push('');
  }

  const misses = [];
  for (const row of ours) {
    const r = row.result;
    for (const [name, score] of [
      ['accessibility', r.accessibility],
      ['best practices', r.bestPractices],
      ['SEO', r.seo],
    ]) {
      if (score < 100) misses.push(`${row.page.path} ${row.profile.name}, ${row.state.name}: ${name} ${score}`);
    }
    if (row.profile.name === 'mobile') {
      const staticPage = !['/quote'].includes(row.page.path);
      const floor = row.state.consent && staticPage ? 100 : 95;
      if (r.performance < floor)
        misses.push(`${row.page.path} mobile, ${row.state.name}: performance ${r.performance} (threshold ${floor})`);
    }
  }
  lines.push('## Thresholds', '');
  lines.push(misses.length ? misses.map((m) => `- below threshold: ${m}`).join('\n') : 'Every page meets every threshold.', '');
  if (misses.some((m) => m.startsWith('/this-page-does-not-exist'))) lines.push(NOT_FOUND_NOTE, '');
  return lines.join('\n');
}
