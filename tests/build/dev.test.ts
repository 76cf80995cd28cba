/**
 * Issue 17 item 7 and issue 31 item 5: in `npm run dev` an editor sees drafts and scheduled articles with a badge; a
 * healthy page shows no error overlay (the on-demand scripts load); a problem in an article (here a frontmatter field
 * the schema refuses, present from the start, which used to stop the dev server) breaks that article's page only, in
 * the browser's error overlay with its file and line, while every other page renders without it; once fixed, the
 * article is listed again. On a temporary copy of the project, never the repository's src/.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromeArgs, chromePath } from '../../scripts/lib/chromium.mjs';
import { copyProject } from '../../scripts/lib/project-copy.mjs';
import { startDevServer, type StartedDevServer } from '../../scripts/lib/start-dev.mjs';
import { articleSource, writeArticles } from './fixture-articles';

const TODAY = '2030-06-15';
let copy: string;
let dev: StartedDevServer | undefined;
let base: string;
let browser: Browser;
const broken = () => join(copy, 'src/content/articles/broken-field.mdx');

/** Waits for the dev server (starting, or picking up a saved file) to answer as `probe` expects. */
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeout = 120_000) =>
  vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`waiting for ${what}`);
      return value;
    },
    { timeout, interval: 250 },
  );

/**
 * Saves `contents` to `file` and waits until the dev server has picked it up, as `probe` sees. One save makes one
 * file-watch event, and on a busy machine astro dev can miss it (seen in CI at load 3.5: the fixed article never came
 * in 120 s), so while the probe has not seen the change the file is saved again every 5 s: the first event the server
 * takes is enough, and saving the same text again changes nothing once it has.
 */
const saveUntil = <T>(what: string, file: string, contents: string, probe: () => Promise<T | undefined>, timeout = 120_000) => {
  let savedAt = -Infinity;
  return until(
    what,
    async () => {
      if (Date.now() - savedAt >= 5_000) {
        writeFileSync(file, contents);
        savedAt = Date.now();
      }
      return probe();
    },
    timeout,
  );
};

/** A cold dev server compiles each page on its first request: slow on a busy machine, so navigations get long. */
async function newPage(): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(150_000);
  return page;
}

beforeAll(async () => {
  copy = copyProject({ prefix: 'shiftly-dev-' });
  writeArticles(copy, [
    { id: 'draft-notes', draft: true, publishedAt: '2030-02-01' },
    { id: 'due-tomorrow', publishedAt: '2030-06-16' },
  ]);
  writeFileSync(broken(), articleSource({ id: 'broken-field', category: 'Gardening' }));
  // The address the server printed: a port taken meanwhile moves it, never to another program's server.
  dev = await startDevServer({ cwd: copy, env: { ARTICLES_TODAY: TODAY }, timeoutMs: 300_000 });
  base = dev.url;
  // The server answers at all (any status): with the broken article it used to exit instead.
  await until('the dev server answering', async () => ((await fetch(`${base}/about`)).ok ? true : undefined), 300_000);
  browser = await chromium.launch({ executablePath: chromePath, args: chromeArgs });
  await drainStartupReload();
});

/**
 * Astro's content sync at start-up asks for a full reload while no browser is connected, and Vite keeps that one
 * message for the first page that connects. That page reloads at once, and the error Astro sends 200 ms after the
 * 500 response can go to the closing socket of the page that was replaced, so the overlay sometimes never comes
 * (seen in CI). A first visit takes the kept message, as an editor's first tab does; the test then starts clean.
 */
async function drainStartupReload() {
  const page = await newPage();
  // Any of the page's sockets: the first may close as the page reloads.
  const connected = new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"connected"')) resolve();
      }),
    ),
  );
  await page.goto(`${base}/articles`);
  await connected;
  await page.close();
}

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  rmSync(copy, { recursive: true, force: true });
});

const overlay = (page: Page) => page.locator('vite-error-overlay');
const overlayText = (page: Page) =>
  overlay(page).evaluate(
    (element) =>
      element.shadowRoot?.querySelector('#message-content, .message, main')?.textContent ?? element.shadowRoot?.textContent ?? '',
  );

describe('npm run dev with one broken article', () => {
  it('renders every other page, leaving the broken article out of the lists', { timeout: 300_000 }, async () => {
    for (const path of ['/', '/about', '/articles', '/articles/draft-notes', '/articles/due-tomorrow', '/rss.xml']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain('broken-field');
    }
  });

  it('shows a healthy page without an error overlay: its on-demand scripts load (the cookie banner comes)', async () => {
    const page = await newPage();
    await page.goto(`${base}/`);
    // The banner's script is found through lazy-url: a module the dev server could not resolve put up an overlay instead.
    const banner = page.locator('[data-cookie-banner]').getByRole('button', { name: 'Accept All' });
    await banner.or(overlay(page)).first().waitFor();
    expect(await overlay(page).count()).toBe(0);
    await expect(banner.isVisible()).resolves.toBe(true);
    await page.close();
  }, 180_000);

  it("shows the problem on the broken article's own page, with the file, the line and the sentence", async () => {
    const page = await newPage();
    const response = await page.goto(`${base}/articles/broken-field`);
    expect(response?.status()).toBe(500);
    await overlay(page).waitFor({ state: 'attached' });
    const text = await overlayText(page);
    expect(text).toContain('src/content/articles/broken-field.mdx:4');
    expect(text).toContain('category must be one of');
    await page.close();
  }, 180_000);

  it('once the file is fixed, lists it with drafts and scheduled articles and their badges', { timeout: 180_000 }, async () => {
    const fixed = readFileSync(broken(), 'utf8').replace('category: Gardening', 'category: Moving Tips');
    const html = await saveUntil('the fixed article to be picked up', broken(), fixed, async () => {
      const response = await fetch(`${base}/articles`);
      const text = await response.text();
      return text.includes('broken-field') ? text : undefined;
    });
    expect(html).toMatch(/data-publication="draft"[^>]*>\s*Draft/);
    expect(html).toMatch(/data-publication="scheduled"[^>]*>\s*Scheduled: 16 June 2030/);
    const draft = await fetch(`${base}/articles/draft-notes`);
    expect(draft.status).toBe(200);
    expect(await draft.text()).toMatch(/data-publication="draft"/);
    expect((await fetch(`${base}/articles/broken-field`)).status).toBe(200);
  });
});
