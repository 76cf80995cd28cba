#!/usr/bin/env node
// Full-page screenshots of a running site at phone and desktop widths, for looking at what we build.
//   node scripts/screenshot.mjs http://127.0.0.1:8788 / /about [--out screenshots] [--widths 390,1280] [--no-js]
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromeArgs, chromePath } from './lib/chromium.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'screenshots' },
    widths: { type: 'string', default: '390,1280' },
    'no-js': { type: 'boolean', default: false },
  },
});
const [base, ...paths] = positionals;
if (!base || paths.length === 0) {
  console.error('usage: node scripts/screenshot.mjs BASE_URL PATH [PATH...] [--out DIR] [--widths 390,1280]');
  process.exit(2);
}
mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
for (const width of values.widths.split(',').map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: !values['no-js'] });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${values.out}/${path.replace(/\W+/g, '_') || 'home'}-${width}${values['no-js'] ? '-nojs' : ''}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
