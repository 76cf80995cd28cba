/**
 * Issue 31 item 6: a picture beside the articles that none of them shows (the placeholder left behind when a photo
 * replaced it) is refused with the fix, over real files in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeEditorPool, editorRoundTrip } from '~/content/checks/editor-pool';
import { ARTICLES_DIR, checkArticles } from '~/content/checks';

let root: string;
const folder = () => join(root, ARTICLES_DIR);

const article = (image: string, body = 'A paragraph of the article.\n') => `---
title: 'An article about moving house calmly'
excerpt: 'A short summary of the article, long enough for the cards, search results and the page itself.'
category: Moving Tips
author: Priya Shah
publishedAt: '2024-03-04'
image: ./${image}
imageAlt: 'A cat watching from an open moving box.'
---

${body}`;

const picture = (name: string) =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: '#3b6cf6' } }).toFile(join(folder(), name));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'unused-images-'));
  for (const dir of [`${ARTICLES_DIR}/plates`, 'src/pages', 'public']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '');
  writeFileSync(join(folder(), 'moving-with-pets.mdx'), article('moving-with-pets.jpg'));
  writeFileSync(
    join(folder(), 'plates.mdx'),
    article('plates.png', 'Wrap each one.\n\n![Plates in paper](./plates/plates-wrapped.webp)\n'),
  );
  for (const name of ['moving-with-pets.jpg', 'moving-with-pets.png', 'plates.png', 'plates/plates-wrapped.webp', 'old-van.png'])
    await picture(name);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));
// The check opens each body with the browser editor's code, bundled on the first run ever and started in a worker.
beforeAll(async () => (await editorRoundTrip())('\nA body, to start the editor.\n', 'start'), 300_000);
afterAll(closeEditorPool);

describe('a picture no article shows', { timeout: 60_000 }, () => {
  it('is refused with the file, what replaced it and the command that deletes it', async () => {
    const { problems } = await checkArticles({ root, today: '2024-06-01' });
    const unused = problems.filter((problem) => problem.rule === 'image-unused');
    expect(unused.map((problem) => problem.file).sort()).toEqual([`${ARTICLES_DIR}/moving-with-pets.png`, `${ARTICLES_DIR}/old-van.png`]);
    const placeholder = unused.find((problem) => problem.file.endsWith('moving-with-pets.png'))!;
    expect(placeholder.message).toContain('moving-with-pets.mdx shows ./moving-with-pets.jpg instead');
    expect(placeholder.message).toContain(`git rm ${ARTICLES_DIR}/moving-with-pets.png`);
  });

  it('is no problem once deleted; pictures in the body count as shown', async () => {
    rmSync(join(folder(), 'moving-with-pets.png'));
    rmSync(join(folder(), 'old-van.png'));
    expect((await checkArticles({ root, today: '2024-06-01' })).problems).toEqual([]);
  });
});
