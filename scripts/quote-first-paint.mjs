#!/usr/bin/env node
// What /quote shows, frame by frame from its first paint, on a throttled phone (issue 18, item 7), with a filmstrip.
//   node scripts/quote-first-paint.mjs BASE_URL [--out first-paint] [--runs 3] [--block-wizard]
// The profile is Lighthouse's mobile one: 390 x 844, 4x CPU slowdown, 150 ms round trips, 1.6 Mbps down, 750 kbps up.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromeArgs, chromePath } from './lib/chromium.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'first-paint' },
    runs: { type: 'string', default: '3' },
    'block-wizard': { type: 'boolean', default: false },
  },
});
const [base] = positionals;
if (!base) {
  console.error('usage: node scripts/quote-first-paint.mjs BASE_URL [--out DIR] [--runs N] [--block-wizard]');
  process.exit(2);
}
mkdirSync(values.out, { recursive: true });

/** Runs in the page before anything else: one sample per frame of what is visible. */
function sampleFrames() {
  const shown = (selector) => {
    const element = document.querySelector(selector);
    return !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const frames = [];
  window.__frames = frames;
  const sample = () => {
    const what = ['form[data-quote-form]', '[data-wizard-shape]', '[data-quote-wizard]'].map(shown);
    const state = what[2] ? 'wizard' : what[1] ? 'shape' : what[0] ? 'form' : 'nothing';
    if (frames.at(-1)?.state !== state) frames.push({ at: Math.round(performance.now()), state });
    if (performance.now() < 15000) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
const results = [];
for (let run = 1; run <= Number(values.runs); run++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (values['block-wizard']) await page.route(/\/_astro\/QuoteWizard\.[\w-]+\.js/, (route) => route.abort('internetdisconnected'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const film = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    film.push({ data, at: metadata.timestamp });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1, maxWidth: 390, maxHeight: 844 });
  await page.addInitScript(sampleFrames);
  const started = Date.now() / 1000;
  await page.goto(`${base}/quote`, { waitUntil: 'load' });
  const settled = values['block-wizard'] ? 'form[data-quote-form]' : '[data-quote-wizard]';
  await page.locator(settled).waitFor({ timeout: 30_000 });
  // Two more frames, so the filmstrip has the settled page too.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await cdp.send('Page.stopScreencast');
  const frames = await page.evaluate(() => window.__frames);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  const strip = film.map((frame) => ({ ...frame, ms: Math.round((frame.at - started) * 1000) }));
  for (const [index, frame] of strip.entries()) {
    writeFileSync(`${values.out}/run${run}-${String(index).padStart(2, '0')}-${frame.ms}ms.png`, Buffer.from(frame.data, 'base64'));
  }
  const formShown = frames.some((f) => f.state === 'form');
  results.push({
    run,
    fcp: fcp && Math.round(fcp),
    frames,
    formShownBeforeWizard: formShown && !values['block-wizard'],
    filmstrip: strip.length,
  });
  console.log(
    `run ${run}: first contentful paint ${Math.round(fcp)} ms; ${frames.map((f) => `${f.state} from ${f.at} ms`).join(', ')}; ${strip.length} filmstrip frames`,
  );
  await context.close();
}
await browser.close();
writeFileSync(`${values.out}/summary.json`, JSON.stringify(results, null, 2));
