/**
 * The article editor as production serves it (GitHub mode), offline: the editor's page built as a build with
 * PUBLIC_KEYSTATIC_GITHUB_REPO builds it, served by the Worker at /keystatic and at any address inside it with its own
 * policy and never indexed, drawing the sign-in without a request to anywhere else, and signing in going to GitHub
 * with this site's callback. Signing in itself is tests/api/editor.test.ts (against the GitHub stand-in); what happens
 * after it (GitHub's API) cannot be shown offline: docs/adding-an-article.md says how to check it on a real repository.
 *
 * It adds the page to the tests' dist/ and removes it afterwards, so it runs in the `editor` project, after every other
 * spec (playwright.config.ts).
 */
import { rmSync } from 'node:fs';
import { buildEditorPage } from '../../src/editor/build/editor-integration.mjs';
import { EDITOR_ASSETS_DIR } from '../../src/lib/editor-policy';
import { test, expect, axeViolations } from './fixtures';
import { ceiling } from '../shared/load';

const REPO = 'shiftly-example/website';

function removeEditorPage() {
  rmSync('dist/client/keystatic.html', { force: true });
  rmSync(`dist/client/${EDITOR_ASSETS_DIR}`, { recursive: true, force: true });
}

test.beforeAll(async () => {
  test.setTimeout(ceiling(180_000));
  await buildEditorPage({ root: process.cwd(), outDir: 'dist/client', githubRepo: REPO });
});

test.afterAll(removeEditorPage);

test('the Worker serves the production editor, which signs in with GitHub and asks nothing of anyone else', async ({ page }) => {
  test.setTimeout(ceiling(120_000));
  // The local server notices the new files in dist/ by itself.
  await expect.poll(async () => (await page.request.get('/keystatic')).status(), { timeout: 60_000 }).toBe(200);

  const elsewhere: string[] = [];
  const violations: string[] = [];
  const origin = new URL(test.info().project.use.baseURL!).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const answer = await page.goto('/keystatic/branch/main/collection/articles');
  expect(answer?.status()).toBe(200);
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("connect-src 'self' https://api.github.com");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['cache-control']).toBe('no-store');

  const signIn = page.getByRole('button', { name: 'Log in with GitHub' });
  await expect(signIn).toBeVisible({ timeout: 60_000 });
  expect(await axeViolations(page)).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);

  // Signing in leaves for GitHub (refused here: nothing leaves this machine), to come back to this site.
  await page.route('https://github.com/**', (route) => route.abort());
  const toGitHub = page.waitForRequest((request) => request.url().startsWith('https://github.com/login/oauth/authorize'));
  await signIn.click();
  const authorize = new URL((await toGitHub).url());
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${origin}/api/keystatic/github/oauth/callback`);
  expect(authorize.searchParams.get('client_id')).toBeTruthy();
});
