/**
 * Issue 31 item 7: the pull request's comment lists each added or changed article on the branch's preview version,
 * and the browser editor's Preview link reaches the same address from the branch's name alone.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedArticleIds, editorPreviewTarget, previewAlias, previewComment, previewOrigin } from '~/lib/preview';
import { editorConfig } from '~/editor/keystatic.config';
import { EDITOR_BRANCH_PREFIX } from '~/editor/storage';

const HOST = 'shiftly.example-team.workers.dev';

describe('the preview alias of a branch', () => {
  it("is the branch's words in lower case joined by hyphens, as Cloudflare takes an alias", () => {
    expect(previewAlias(`${EDITOR_BRANCH_PREFIX}moving-with-pets`, HOST)).toBe('articles-moving-with-pets');
    expect(previewAlias('Article/Moving_With.Pets', HOST)).toBe('article-moving-with-pets');
    expect(previewAlias('2024-review', HOST)).toBe('b-2024-review');
  });

  it('fits one DNS label with the Worker name (63 characters), never ending in a hyphen', () => {
    const alias = previewAlias(`articles/${'a-very-long-branch-name-'.repeat(5)}`, HOST);
    expect(`${alias}-shiftly`.length).toBeLessThanOrEqual(63);
    expect(alias).toMatch(/^[a-z](?:[a-z0-9-]*[a-z0-9])?$/);
  });

  it('gives the preview address on the Worker host', () => {
    expect(previewOrigin('articles/moving-with-pets', HOST)).toBe(`https://articles-moving-with-pets-${HOST}`);
  });
});

describe('the changed articles of a pull request', () => {
  const diff = [
    'A\tsrc/content/articles/moving-with-pets.mdx',
    'A\tsrc/content/articles/moving-with-pets.jpg',
    'M\tsrc/content/articles/moving-checklist-guide.mdx',
    'D\tsrc/content/articles/old-news.mdx',
    'R100\tsrc/content/articles/draft.mdx\tsrc/content/articles/renamed-guide.mdx',
    'M\tsrc/pages/about.astro',
    'M\tdocs/adding-an-article.md',
  ].join('\n');

  it('are the added, changed and renamed .mdx files; a deleted one has no page', () => {
    expect(changedArticleIds(diff)).toEqual(['moving-with-pets', 'moving-checklist-guide', 'renamed-guide']);
  });

  it('are listed in the comment, each at its address on the preview', () => {
    const origin = previewOrigin('articles/moving-with-pets', HOST);
    const comment = previewComment(origin, changedArticleIds(diff));
    expect(comment).toContain(`Preview of this pull request: ${origin}`);
    expect(comment).toContain(`- ${origin}/articles/moving-with-pets\n- ${origin}/articles/moving-checklist-guide`);
    expect(previewComment(origin, [])).toBe(`Preview of this pull request: ${origin}`);
  });

  it('come out of scripts/preview.mjs as the workflow runs it', () => {
    const run = (args: string[], input = '') => spawnSync(process.execPath, ['scripts/preview.mjs', ...args], { input, encoding: 'utf8' });
    const alias = run(['alias', '--branch', 'articles/moving-with-pets', '--host', HOST]);
    expect(alias.stdout.trim()).toBe('articles-moving-with-pets');
    const comment = run(['comment', '--origin', `https://articles-moving-with-pets-${HOST}/`], diff);
    expect(comment.status).toBe(0);
    expect(comment.stdout).toContain(`https://articles-moving-with-pets-${HOST}/articles/renamed-guide\n`);
    expect(run(['comment']).status).toBe(1);
  });
});

describe('the pull-request workflow', () => {
  const workflow = parse(readFileSync('.github/workflows/pull-request.yml', 'utf8'));
  const steps: Array<{ run?: string; env?: Record<string, string>; with?: Record<string, unknown> }> = workflow.jobs.preview.steps;

  it('uploads under the branch alias and comments the changed articles, from the PREVIEW_HOST variable', () => {
    const upload = steps.find((step) => step.run?.includes('wrangler versions upload'))!;
    expect(upload.env).toMatchObject({ PREVIEW_HOST: '${{ vars.PREVIEW_HOST }}', BRANCH: '${{ github.head_ref }}' });
    expect(upload.run).toContain('node scripts/preview.mjs alias --branch "$BRANCH" --host "$PREVIEW_HOST"');
    expect(upload.run).toContain('--preview-alias "$alias"');
    expect(upload.run).toContain('git diff --name-status "$BASE_SHA...HEAD" | node scripts/preview.mjs comment --origin "$url"');
    expect(steps[0]?.with).toEqual({ 'fetch-depth': 0 });
    expect(String(steps.at(-1)?.with?.script)).toContain("readFileSync('preview-comment.md'");
  });
});

describe("the browser editor's Preview link", () => {
  const previewUrl = (config: ReturnType<typeof editorConfig>) => config.collections?.articles?.previewUrl;

  it('opens the article on the branch preview in production, going through a page of the editor', () => {
    const link = previewUrl(editorConfig({ kind: 'github', repo: 'shiftly/website', branchPrefix: EDITOR_BRANCH_PREFIX }, HOST))!;
    // Keystatic fills in {slug} and {branch} as they are.
    const opened = link.replace('{slug}', 'moving-with-pets').replace('{branch}', `${EDITOR_BRANCH_PREFIX}moving-with-pets`);
    expect(editorPreviewTarget(opened, HOST)).toBe(
      `${previewOrigin(`${EDITOR_BRANCH_PREFIX}moving-with-pets`, HOST)}/articles/moving-with-pets`,
    );
  });

  it('is the page of this copy under npm run dev, and absent without preview versions', () => {
    expect(previewUrl(editorConfig({ kind: 'local' }))).toBe('/articles/{slug}');
    expect(previewUrl(editorConfig({ kind: 'github', repo: 'shiftly/website', branchPrefix: EDITOR_BRANCH_PREFIX }))).toBeUndefined();
  });

  it('goes nowhere for another editor page or an address that is not an article', () => {
    expect(editorPreviewTarget('/keystatic/branch/main/collection/articles', HOST)).toBeUndefined();
    expect(editorPreviewTarget('/keystatic/preview/..%2F..%2Fevil/main', HOST)).toBeUndefined();
  });
});
