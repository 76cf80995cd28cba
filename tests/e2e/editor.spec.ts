/**
 * The browser editor in local mode, as an editor uses it in `npm run dev`, on a temporary copy of the project (the
 * repository's own src/ is never written): write an article with a phone photo in Keystatic, and the files appear
 * where a hand-written article's are (src/content/articles/<id>.mdx with the picture beside it, shrunk to the site's
 * limits in the browser), the site's own content pipeline accepts them, the editor opens the article again with its
 * picture, and deleting it removes both files. Then every article of the copy and the construct fixture
 * (tests/shared/every-construct.mdx) is opened, saved with a change and saved back: the file is byte for byte what it
 * was. The browser's language is American English, and the editor's dates are still day/month/year.
 *
 * The specs start their own `astro dev` on a free port in the copy. Nothing may leave the machine: the editor page's
 * policy refuses other origins, and any attempt (a request to another origin, a policy violation) fails the test.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { expect, test, type Page } from '@playwright/test';
import { copyProject, projectRoot, runIn } from '../../scripts/lib/project-copy.mjs';
import { startDevServer, type StartedDevServer } from '../../scripts/lib/start-dev.mjs';
import { articleTextLimits } from '../../src/content/article-schema';
import { IMAGE_LIMITS } from '../../src/content/image-limits';
import { ARTICLES_FOLDER } from '../../src/editor/keystatic.config';
import { articleCategories } from '../../src/data/article-categories';
import { axeViolations } from './fixtures';
import { ceiling } from '../shared/load';

// An American browser: the editor's dates must not follow it.
test.use({ locale: 'en-US', timezoneId: 'Europe/London' });
// One copy and one dev server for the file.
test.describe.configure({ mode: 'serial' });

const FIXTURE = 'every-construct';
// One run's own address.
const slug = `editor-check-${randomBytes(4).toString('hex')}`;

const article = {
  title: 'Moving a Piano Without Tears',
  excerpt:
    'Pianos are heavy, top-heavy and surprisingly delicate. What to measure, who to book and how to settle the instrument in its new room.',
  category: articleCategories.at(-1)!,
  author: 'Priya Shah',
  alt: 'An upright piano wrapped in blue blankets on a removal trolley.',
  paragraph: 'Book piano movers at least three weeks ahead: they are few, and weekends go first.',
  heading: 'Measure every doorway',
  bodyAlt: 'A piano on a trolley in a narrow hallway.',
};

let copy: string;
let dev: StartedDevServer | undefined;
let photo: Buffer;
const inCopy = (path: string) => join(copy, path);

/** A phone photo: 4,000 × 3,000 px and about 6 MB (a gradient with grain, which JPEG cannot squeeze much). */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, x = 2463534242; y < height; y++)
    for (let i = 0; i < width; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const grain = (x & 63) - 32;
      const at = (y * width + i) * 3;
      raw[at] = Math.max(0, Math.min(255, 60 + (i * 120) / width + grain));
      raw[at + 1] = Math.max(0, Math.min(255, 90 + (y * 100) / height + grain));
      raw[at + 2] = Math.max(0, Math.min(255, 160 + grain));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .toBuffer();
}

test.beforeAll(async () => {
  test.setTimeout(ceiling(300_000));
  copy = copyProject({ prefix: 'shiftly-editor-' });
  // The construct fixture, with its picture and one in its body.
  writeFileSync(inCopy(`${ARTICLES_FOLDER}/${FIXTURE}.mdx`), readFileSync(join(projectRoot, `tests/shared/${FIXTURE}.mdx`)));
  copyFileSync(inCopy(`${ARTICLES_FOLDER}/moving-checklist-guide.png`), inCopy(`${ARTICLES_FOLDER}/${FIXTURE}.png`));
  mkdirSync(inCopy(`${ARTICLES_FOLDER}/${FIXTURE}`));
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2b6cb0' } })
    .png()
    .toFile(inCopy(`${ARTICLES_FOLDER}/${FIXTURE}/van.png`));
  [dev, photo] = await Promise.all([startDevServer({ cwd: copy }), phonePhoto()]);
});

test.afterAll(async () => {
  await dev?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The day as the editor must show it: dd/mm/yyyy, digits and slashes only (the picker adds direction marks). */
async function shownDay(page: Page, label: string): Promise<string> {
  const text = await page.getByRole('group', { name: label }).first().innerText();
  return text.replace(/[^\d/]/g, '');
}

/** Opens the editor at `path`, waiting through the dev server's first bundling of it. */
async function openEditor(page: Page, path: string): Promise<Record<string, string>> {
  // A cold dev server may answer the first visit while Vite is still optimising the editor's dependencies (and then
  // reload it), and a reload after a save may abort the visit (net::ERR_ABORTED, CI at load 6): wait for the editor's
  // own answer, with its policy, visiting again after either.
  let headers: Record<string, string> = {};
  let last = 'no visit yet';
  const visit = async () => {
    const answer = await page.goto(`${dev!.url}${path}`).catch((error: Error) => ((last = error.message), null));
    if (answer) last = `${answer.status()}: ${(await answer.text().catch(() => '')).slice(0, 300)}`;
    return answer?.headers() ?? {};
  };
  await expect
    .poll(async () => (headers = await visit())['content-security-policy'], { timeout: 120_000 })
    .toContain("default-src 'self'")
    .catch((error: Error) => {
      throw new Error(`no editor answer with its policy at ${path}; the last visit: ${last}`, { cause: error });
    });
  return headers;
}

/** Every request the page makes to another origin (the page's policy refuses them; none may even be tried). */
function requestsElsewhere(page: Page, origin: string): string[] {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:')) elsewhere.push(url);
  });
  return elsewhere;
}

/** Console messages that report a content security policy violation. */
function policyViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('an article written in the browser editor with a phone photo lands beside its picture, is accepted, listed, reopened and deleted', async ({
  page,
}) => {
  // Keystatic is one large app, bundled by the dev server on the first visit.
  test.setTimeout(ceiling(480_000));
  const origin = dev!.url;
  const elsewhere = requestsElsewhere(page, origin);
  const violations = policyViolations(page);
  const field = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });
  const mdxPath = inCopy(`${ARTICLES_FOLDER}/${slug}.mdx`);
  const picturePath = inCopy(`${ARTICLES_FOLDER}/${slug}.jpg`);
  /** The files this run's article has in the folder (the local editor leaves an emptied folder behind). */
  const created = () =>
    readdirSync(inCopy(ARTICLES_FOLDER), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && join(entry.parentPath, entry.name).includes(slug))
      .map((entry) => entry.name);
  expect(existsSync(mdxPath)).toBe(false);

  await test.step('the editor page has its own policy, is never indexed and passes axe', async () => {
    const headers = await openEditor(page, '/keystatic/collection/articles/create');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(field('Title')).toBeVisible({ timeout: 120_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step("in an American browser the date is today's, day first; the category waits to be chosen", async () => {
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
      new Date(),
    );
    expect(await shownDay(page, 'Published on')).toBe(today);
    await expect(page.getByRole('button', { name: /Category/ })).toContainText('Choose a category');
  });

  await test.step('the toolbar names its link button Link, and its insert menu Insert', async () => {
    await expect(page.getByRole('button', { name: 'Link', exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Insert', exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Divider', exact: true })).toHaveCount(1);
  });

  await test.step("the editor refuses what the schema refuses, with the schema's limits, and a missing category", async () => {
    const { min, max } = articleTextLimits.excerpt;
    await expect(page.getByText(`${min} to ${max} characters`)).toBeVisible();
    await field('Excerpt').fill('Too short to be an excerpt.');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(new RegExp(`must be at least ${min} character`, 'i'))).toBeVisible();
    await expect(page.getByText('Choose a category.')).toBeVisible();
    expect(created()).toEqual([]);
  });

  await test.step('an editor writes an article with a 6 MB phone photo, which is made smaller before it is saved', async () => {
    expect(photo.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    await field('Title').fill(article.title);
    await field('Web address').fill(slug);
    await field('Excerpt').fill(article.excerpt);
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: article.category }).click();
    await field('Author').fill(article.author);
    await field('Picture description').fill(article.alt);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.locator('[data-picture-note]')).toContainText('4000 → 2400 pixels wide', { timeout: 30_000 });
    await page.locator('[contenteditable="true"]').first().click();
    await page.keyboard.type(article.paragraph);
    await page.keyboard.press('Enter');
    // Markdown shortcuts work as they do in the file: "## " starts a section heading. Typed at a person's pace, and the
    // heading waited for before its words: ProseMirror runs its shortcuts on typed input, and keystrokes that arrive
    // while it is re-rendering (the picture has just been chosen) can reach it as plain text instead.
    await page.keyboard.type('## ', { delay: 50 });
    await expect(page.locator('[contenteditable="true"] h2')).toHaveCount(1);
    await page.keyboard.type(article.heading);
  });

  await test.step('a photo put into the body is made smaller too, and described', async () => {
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await (await chooser).setFiles({ name: 'IMG 2042.JPG', mimeType: 'image/jpeg', buffer: photo });
    const inBody = page.locator('[contenteditable="true"] img[src^="blob:"]');
    await expect.poll(() => inBody.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBe(IMAGE_LIMITS.maxWidth);
    await inBody.click();
    await page.getByRole('button', { name: "Edit the picture's details" }).click();
    const details = page.getByRole('dialog').filter({ hasText: 'Image details' });
    await details.getByRole('textbox', { name: /^Description/ }).fill(article.bodyAlt);
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details).toBeHidden();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`**/keystatic/collection/articles/item/${slug}`);
  });

  await test.step('the files are where a hand-written article keeps them, the picture within the limits', async () => {
    const mdx = await readFile(mdxPath, 'utf8');
    const saved = readFileSync(picturePath);
    const { width } = await sharp(saved).metadata();
    expect(width).toBe(IMAGE_LIMITS.maxWidth);
    expect(saved.byteLength).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
    // The picture in the body, in the article's own folder, within the limits too.
    expect(readdirSync(inCopy(`${ARTICLES_FOLDER}/${slug}`))).toEqual(['img-2042.jpg']);
    const inBody = readFileSync(inCopy(`${ARTICLES_FOLDER}/${slug}/img-2042.jpg`));
    expect((await sharp(inBody).metadata()).width).toBe(IMAGE_LIMITS.maxWidth);
    expect(inBody.byteLength).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
    expect(mdx).toContain(`![${article.bodyAlt}](./${slug}/img-2042.jpg)`);
    const frontmatter = mdx.match(/^---\n([\s\S]*?)\n---\n/)?.[1] ?? '';
    expect(frontmatter).toContain(`image: ./${slug}.jpg`);
    expect(frontmatter).toMatch(/^publishedAt: '\d{4}-\d{2}-\d{2}'$/m);
    expect(frontmatter).toContain(`category: ${article.category}`);
    expect(mdx).toContain(`\n## ${article.heading}\n`);
  });

  await test.step("the site's content pipeline accepts it: the article page and the list show it", async () => {
    const articlePage = await page.request.get(`${origin}/articles/${slug}`);
    expect(articlePage.status()).toBe(200);
    expect(await articlePage.text()).toContain(article.title);
    expect(await (await page.request.get(`${origin}/articles`)).text()).toContain(`/articles/${slug}`);
    expect(dev!.output()).not.toMatch(new RegExp(`ERROR[^\\n]*${slug}`));
  });

  await test.step('npm run check:articles accepts it, picture and all', async () => {
    const check = await runIn(copy, ['scripts/check-articles.mjs']);
    expect(check.status, check.output).toBe(0);
  });

  await test.step('opened again, the editor finds the picture beside the article and the one in its folder', async () => {
    await page.reload();
    await expect(field('Title')).toHaveValue(article.title, { timeout: 120_000 });
    const preview = page.getByRole('group', { name: 'Picture' }).locator('img[src^="blob:"]');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(IMAGE_LIMITS.maxWidth);
    await expect(page.getByRole('img', { name: article.bodyAlt })).toBeVisible();
  });

  await test.step('deleting the article removes the article and its pictures', async () => {
    await page.getByRole('button', { name: /^Delete entry/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    // The files go first; the dev server then reloads the page, which may land before or after the editor's own move to
    // the list (under load it came first, and the page stayed on the deleted entry): the list is opened here instead.
    await expect.poll(created, { timeout: 120_000 }).toEqual([]);
    // In a page of its own that hears nothing from the dev server: the deleted entry's page is reloaded by it, and
    // those reloads aborted the next visit (CI at load 6) or kept it from answering for two minutes (CI at load 4).
    const list = await page.context().newPage();
    await list.routeWebSocket(/./, () => {});
    const listElsewhere = requestsElsewhere(list, origin);
    const listViolations = policyViolations(list);
    await page.close();
    await openEditor(list, '/keystatic/collection/articles');
    // The list has loaded once it shows the collection's other articles (a header row and at least one entry).
    await expect.poll(() => list.getByRole('row').count(), { timeout: 120_000 }).toBeGreaterThan(1);
    await expect(list.getByRole('row').filter({ hasText: article.title })).toHaveCount(0);
    elsewhere.push(...listElsewhere);
    violations.push(...listViolations);
  });

  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});

/** An article's front matter as values (YAML's quoting aside) and its body as bytes. */
function frontMatterAndBody(source: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  return match
    ? { data: parseYaml(match[1]!) as Record<string, unknown>, body: source.slice(match[0].length) }
    : { data: {}, body: source };
}

test('every article and the construct fixture open in the editor and save with only the title changed, the body byte for byte', async ({
  page,
}) => {
  test.setTimeout(ceiling(480_000));
  // Each save makes the dev server tell its open pages to reload, and a late reload cancelled the next article's opening
  // (or the move away from the last). The page's dev-server socket is answered here instead, so no reload reaches it:
  // the first test has already warmed the dev server, so no first-visit reload is needed either.
  await page.routeWebSocket(/./, () => {});
  const violations = policyViolations(page);
  const title = page.getByRole('textbox', { name: /^Title/ });
  const ids = readdirSync(inCopy(ARTICLES_FOLDER))
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => name.slice(0, -'.mdx'.length));
  expect(ids).toContain(FIXTURE);

  for (const id of ids) {
    await test.step(id, async () => {
      const path = inCopy(`${ARTICLES_FOLDER}/${id}.mdx`);
      const original = readFileSync(path, 'utf8');
      const originalTitle = /^title: '?(.*?)'?$/m.exec(original)?.[1]?.replace(/''/g, "'") ?? '';
      await openEditor(page, `/keystatic/collection/articles/item/${id}`);
      await expect(title).toHaveValue(originalTitle, { timeout: 120_000 });
      if (id === FIXTURE) expect(await shownDay(page, 'Published on')).toBe('01/03/2024');
      // Keystatic writes only what changed: a change to the title makes it write the whole file, body and all. The body
      // must come back byte for byte; the front matter with the same values but the title. Keystatic quotes a YAML value
      // only where YAML needs it, so an article written by hand with `title: 'Plain words'` (valid, and a fresh clone's
      // throwaway article did) comes back as `title: Plain words (draft)`: the same value, not a failure.
      const changed = `${originalTitle} (draft)`;
      await title.fill(changed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const before = frontMatterAndBody(original);
      const expected = { data: { ...before.data, title: changed }, body: before.body };
      await expect.poll(() => frontMatterAndBody(readFileSync(path, 'utf8')), { timeout: 30_000 }).toEqual(expected);
    });
  }
  expect(violations).toEqual([]);
});
