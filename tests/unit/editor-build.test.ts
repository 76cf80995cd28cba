/**
 * The editor's production page (GitHub mode), as `astro build` makes it when PUBLIC_KEYSTATIC_GITHUB_REPO is set
 * (src/editor/build/editor-integration.mjs): one page and its files under /_keystatic/, its own content security policy,
 * never indexed, no inline script, the repository built in, and Keystatic's code with our changes. A build without
 * the setting has no editor at all: tests/e2e/worker.spec.ts and tests/api/editor.test.ts see the 404 page there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEditorPage } from '~/editor/build/editor-integration.mjs';
import { EDITOR_ASSETS_DIR } from '~/lib/editor-policy';

const outDir = mkdtempSync(join(tmpdir(), 'shiftly-editor-test-'));
const REPO = 'shiftly-example/website';
const PREVIEW_HOST = 'shiftly.example-team.workers.dev';
let html = '';
let scripts = '';

beforeAll(async () => {
  await buildEditorPage({ root: process.cwd(), outDir, githubRepo: REPO, appSlug: 'shiftly-articles', previewHost: PREVIEW_HOST });
  html = readFileSync(join(outDir, 'keystatic.html'), 'utf8');
  scripts = readdirSync(join(outDir, EDITOR_ASSETS_DIR))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(outDir, EDITOR_ASSETS_DIR, name), 'utf8'))
    .join('\n');
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the editor's production page", () => {
  it('is one page and its own files, nothing else', () => {
    expect(readdirSync(outDir).sort()).toEqual([EDITOR_ASSETS_DIR, 'keystatic.html']);
    const referenced = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(referenced.filter((url) => url !== '/favicon.svg').every((url) => url.startsWith(`/${EDITOR_ASSETS_DIR}/`))).toBe(true);
  });

  it('carries its own policy for GitHub mode, has no inline script and is never indexed', () => {
    const policy = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' https://api.github.com");
    expect(policy).toContain("object-src 'none'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  // (A bundle is megabytes: each check reports true or false, not the text.)
  it('edits the repository it was built for, through GitHub', () => {
    expect(scripts.includes(REPO)).toBe(true);
    expect(scripts.includes('shiftly-articles')).toBe(true);
  });

  it("links each article to its branch's preview version on the host it was built with (issue 31 item 7)", () => {
    expect(scripts.includes(PREVIEW_HOST)).toBe(true);
  });

  it("has Keystatic's code with our changes: pictures beside the article, no Google Fonts, hand-written formatting", () => {
    expect(scripts.includes('besideEntry')).toBe(true);
    expect(scripts.includes('fonts.googleapis.com')).toBe(false);
    expect(scripts.includes('lineWidth:-1')).toBe(true);
  });

  it("uses React's production build", () => {
    expect(scripts.includes('react-stack-top-frame')).toBe(false);
  });

  it('refuses to build for a repository that is not named owner/name', async () => {
    await expect(buildEditorPage({ root: process.cwd(), outDir, githubRepo: 'website' })).rejects.toThrow('owner/name');
  });
});
