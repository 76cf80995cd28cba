/**
 * The public site carries nothing of the article editor: a build without PUBLIC_KEYSTATIC_GITHUB_REPO (the tests'
 * build, and any build of the site itself) has no editor file, no page names it, the sitemap leaves it out, and
 * the Worker answers its addresses with the 404 page. (The build with the editor: tests/unit/editor-build.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';

/** Every file of the build the global setup made (read in the test: the build does not exist before it). */
const builtFiles = () =>
  readdirSync('dist/client', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

test('no file of the built site is, or names, the editor', () => {
  const files = builtFiles();
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => /keystatic/i.test(file))).toEqual([]);
  const naming = files.filter(
    (file) => /\.(html|js|css|xml|txt|json|webmanifest)$/.test(file) && /keystatic/i.test(readFileSync(file, 'utf8')),
  );
  expect(naming).toEqual([]);
});

test("the editor's addresses are the 404 page, never indexed, and not in the sitemap", async ({ request }) => {
  for (const path of ['/keystatic', '/keystatic/collection/articles/create']) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
  }
  expect((await request.get('/api/keystatic/tree')).status()).toBe(404);
  expect(await (await request.get('/sitemap-0.xml')).text()).not.toContain('keystatic');
});
