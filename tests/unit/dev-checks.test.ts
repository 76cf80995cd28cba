/**
 * Issue 31 item 5: under `npm run dev` a broken article breaks its own page only. The checks' problems are sorted by
 * article, each page throwing its own for the error overlay (with the file and line), and problems with other files
 * in the folder go to the list of articles. Over real files in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEditorPool, editorRoundTrip } from '~/content/checks/editor-pool';
import { ARTICLES_DIR } from '~/content/checks';
import { assertArticleIsValid, assertFolderIsValid, brokenArticleIds } from '~/content/checks/dev';

let root: string;

const article = (id: string, category = 'Moving Tips') => `---
title: 'An article about moving house calmly'
excerpt: 'A short summary of the article, long enough for the cards, search results and the page itself.'
category: ${category}
author: Priya Shah
publishedAt: '2024-03-04'
image: ./${id}.png
imageAlt: 'A cat watching from an open moving box.'
---

A paragraph of the article.
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dev-checks-'));
  const folder = join(root, ARTICLES_DIR);
  for (const dir of [ARTICLES_DIR, 'src/pages', 'public']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(folder, 'fine.mdx'), article('fine'));
  writeFileSync(join(folder, 'broken.mdx'), article('broken', 'Gardening'));
  writeFileSync(join(folder, 'notes.txt'), 'ideas for later');
  for (const id of ['fine', 'broken'])
    await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#3b6cf6' } }).toFile(join(folder, `${id}.png`));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));
// The check opens each body with the browser editor's code, bundled on the first run ever and started in a worker.
beforeAll(async () => (await editorRoundTrip())('\nA body, to start the editor.\n', 'start'), 300_000);
afterAll(closeEditorPool);

describe('the checks under npm run dev', { timeout: 60_000 }, () => {
  it('name the broken article only', async () => {
    expect(await brokenArticleIds(root)).toEqual(['broken']);
    await expect(assertArticleIsValid('fine', root)).resolves.toBeUndefined();
  });

  it("throw the broken article's problems for its page, located at its file and line", async () => {
    const error = await assertArticleIsValid('broken', root).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { loc: { file: string; line: number } },
    );
    expect(error?.message).toContain(`${ARTICLES_DIR}/broken.mdx:4`);
    expect(error?.message).toContain('category must be one of');
    expect(error?.message).not.toContain('notes.txt');
    expect(error?.loc).toMatchObject({ file: join(root, ARTICLES_DIR, 'broken.mdx'), line: 4 });
  });

  it('throw the problems with files that are not articles for the list of articles', async () => {
    await expect(assertFolderIsValid(root)).rejects.toThrow(`${ARTICLES_DIR}/notes.txt`);
  });
});
