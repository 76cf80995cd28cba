/**
 * Issue 17 item 5: `npm run new:article -- "Title"` writes an article that `npm run check:articles` accepts as it is
 * (a draft, dated today, with a 1200 × 630 image), says what to do next, and refuses what it cannot use.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runIn, type RunResult } from '../../scripts/lib/project-copy.mjs';
import { londonToday } from '~/lib/dates';

const ID = 'moving-with-pets-a-calm-day-for-cats-and-dogs';
let copy: string;
let made: RunResult;

beforeAll(async () => {
  copy = copyProject({ prefix: 'shiftly-new-article-' });
  made = await runIn(copy, [
    'scripts/new-article.mjs',
    'Moving With Pets: A Calm Day for Cats and Dogs',
    '--author',
    'Priya Shah',
    '--category',
    'moving tips',
  ]);
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run new:article', () => {
  it('writes the article as a draft dated today, with its fields filled in, and prints the next steps', () => {
    expect(made.status, made.output).toBe(0);
    const source = readFileSync(join(copy, `src/content/articles/${ID}.mdx`), 'utf8');
    expect(source).toContain("title: 'Moving With Pets: A Calm Day for Cats and Dogs'");
    expect(source).toContain('category: Moving Tips');
    expect(source).toContain("author: 'Priya Shah'");
    expect(source).toContain(`publishedAt: '${londonToday()}'`);
    expect(source).toContain(`image: ./${ID}.png`);
    expect(source).toContain('draft: true');
    expect(made.output).toContain('npm run check:articles');
    expect(made.output).toContain(`/articles/${ID}`);
  });

  it('draws a 1200 × 630 placeholder image', async () => {
    const { width, height, format } = await sharp(join(copy, `src/content/articles/${ID}.png`)).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  it('makes a file check:articles accepts, reporting it as a draft', async () => {
    const check = await runIn(copy, ['scripts/check-articles.mjs']);
    expect(check.status, check.output).toBe(0);
    expect(check.output).toContain(`${ID}.mdx: a draft`);
  });

  it('refuses a second article at the same address, an unknown category, and asks nothing without a terminal', async () => {
    const again = await runIn(copy, [
      'scripts/new-article.mjs',
      'Moving With Pets: A Calm Day for Cats and Dogs',
      '--author',
      'A B',
      '--category',
      'Moving Tips',
    ]);
    expect(again.status).toBe(1);
    expect(again.output).toContain('already exists');
    const category = await runIn(copy, [
      'scripts/new-article.mjs',
      'A Guide to Moving Pianos Safely',
      '--author',
      'A B',
      '--category',
      'Gardening',
    ]);
    expect(category.output).toContain('The category must be one of');
    const noAuthor = await runIn(copy, ['scripts/new-article.mjs', 'A Guide to Moving Pianos Safely', '--category', 'Moving Tips']);
    expect(noAuthor.status).toBe(1);
    expect(noAuthor.output).toContain('--author');
    expect(existsSync(join(copy, 'src/content/articles/a-guide-to-moving-pianos-safely.mdx'))).toBe(false);
  });
});
