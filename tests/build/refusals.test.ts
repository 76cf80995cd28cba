/**
 * Issue 17: each mistake an editor can make stops `npm run build` and `npm run check:articles`, naming the file and
 * the line in a sentence. One copy of the project with one broken article per mistake (plus the stray files), one
 * real build: the build must fail before writing any page, and list every one of them.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIn, copyProject, runIn, type RunResult } from '../../scripts/lib/project-copy.mjs';
import { writeNoisePicture } from '../shared/noise-picture';
import { articleSource, writeArticles } from './fixture-articles';

const dir = 'src/content/articles';

/** file → [line (0: the file as a whole), words the sentence must contain] */
const MISTAKES: Record<string, [number, string]> = {
  'script.mdx': [12, '<script> would run code'],
  'style.mdx': [12, '<style> would restyle the page'],
  'iframe.mdx': [12, '<iframe> would embed another site'],
  'onclick.mdx': [12, 'onClick attribute of <abbr> would run code'],
  'javascript-link.mdx': [12, 'javascript:, which runs code'],
  'missing-article.mdx': [12, 'no article with the id "does-not-exist"'],
  'missing-page.mdx': [12, '/insurence, which is not a page on this site. Did you mean /insurance?'],
  'missing-anchor.mdx': [12, '#nowhere, but this article has no heading with that anchor'],
  'http-link.mdx': [12, 'Use https://www.gov.uk/council-tax instead'],
  'skipped-heading.mdx': [14, 'skipping a level'],
  'body-h1.mdx': [12, 'A # heading is the page'],
  'expression.mdx': [12, '{couple}: curly brackets are read as code'],
  'big-image.mdx': [7, 'npm run shrink:image -- src/content/articles/big-image.jpg'],
  'no-alt.mdx': [12, 'This picture has no description'],
  'bold-tag.mdx': [12, 'Write **bold words** in Markdown instead of <b>'],
  'aligned-table.mdx': [12, 'cannot keep a column lined up'],
  // Issue 46: what the browser editor cannot open, or would save differently, found by its own code.
  'table-footnote.mdx': [16, 'A footnote mark inside a table ([^1] here) stops the browser editor opening the article'],
  'compact-table.mdx': [12, '| Kitchen | 12    |'],
  'star-list.mdx': [14, '- Book the van'],
  // Unquoted, YAML would read it as 2 March: both read the day as written (issue 31 item 2).
  'impossible-day.mdx': [6, 'publishedAt is not a real calendar date'],
  'Case-Twin.mdx': [0, 'same name apart from capital letters'],
  'case-twin.mdx': [0, 'same name apart from capital letters'],
  'stray.md': [0, 'never published: articles must end in .mdx. Rename it to stray.mdx'],
  '_parked.mdx': [0, 'never published'],
};

let copy: string;
let build: RunResult;
let check: RunResult;

beforeAll(async () => {
  copy = copyProject({ prefix: 'shiftly-refusals-' });
  const line = (body: string) => body; // each body starts on line 12 of its file
  writeArticles(copy, [
    { id: 'script', body: line(`<script>alert('hi')</script>\n`) },
    { id: 'style', body: line('<style>{`main{display:none}`}</style>\n') },
    { id: 'iframe', body: line('<iframe src="https://example.com/video" />\n') },
    { id: 'onclick', body: line('Tell <abbr title="HM Revenue and Customs" onClick="steal()">HMRC</abbr> you moved.\n') },
    { id: 'javascript-link', body: line('[Claim a refund](javascript:alert(1)) today.\n') },
    { id: 'missing-article', body: line('Read [our other guide](/articles/does-not-exist) first.\n') },
    { id: 'missing-page', body: line('See [our insurance](/insurence) for cover.\n') },
    { id: 'missing-anchor', body: line('Jump to [the checklist](#nowhere).\n') },
    { id: 'http-link', body: line('Tell the council: [council tax](http://www.gov.uk/council-tax).\n') },
    { id: 'skipped-heading', body: line('## Packing\n\n#### Plates\n\nWrap each plate.\n') },
    { id: 'body-h1', body: line('# My article\n\nText.\n') },
    { id: 'expression', body: line('We moved a {couple} of boxes.\n') },
    { id: 'big-image', image: 'big-image.jpg' },
    { id: 'no-alt', body: line('![](./no-alt/van.png)\n') },
    { id: 'bold-tag', body: line('A <b>bold</b> word.\n') },
    { id: 'aligned-table', body: line('| Room | Boxes |\n| :-- | --: |\n| Kitchen | 12 |\n') },
    {
      id: 'table-footnote',
      body: line(
        'Book early.\n\n| Week | Note           |\n| ---- | -------------- |\n| 8    | Book early[^1] |\n\n[^1]: Firms fill up.\n',
      ),
    },
    { id: 'compact-table', body: line('| Room | Boxes |\n| --- | --- |\n| Kitchen | 12 |\n') },
    { id: 'star-list', body: line('Before you go:\n\n* Book the van\n* Label the boxes\n') },
    { id: 'impossible-day', publishedAt: '2024-02-31', unquotedDate: true },
    { id: 'case-twin' },
    { id: '_parked' },
  ]);
  writeFileSync(join(copy, dir, 'Case-Twin.mdx'), articleSource({ id: 'Case-Twin' }));
  writeFileSync(join(copy, dir, 'stray.md'), articleSource({ id: 'stray' }));
  mkdirSync(join(copy, dir, 'no-alt'));
  copyFileSync(join(copy, dir, 'fixture.png'), join(copy, dir, 'no-alt/van.png'));
  // A photo straight off a camera: 3,000 px wide and several MB.
  await writeNoisePicture(join(copy, dir, 'big-image.jpg'), 3000, 1575);

  [build, check] = [await buildIn(copy), await runIn(copy, ['scripts/check-articles.mjs'])];
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('a build with a mistake in the articles', () => {
  it('stops before writing any page', () => {
    expect(build.status).not.toBe(0);
    expect(existsSync(join(copy, 'dist/client/index.html'))).toBe(false);
  });

  for (const [file, [line, words]] of Object.entries(MISTAKES)) {
    it(`names ${file}${line ? ` and line ${line}` : ''}: "${words}"`, () => {
      const location = line ? `${dir}/${file}:${line}` : `${dir}/${file}\n`;
      for (const [name, output] of [
        ['npm run build', build.output],
        ['npm run check:articles', check.output],
      ] as const) {
        // Each problem is its location, then its sentence on the next line (and the text to write, indented, under it).
        const said = output
          .split(location)
          .slice(1)
          .map((after) => {
            const [place = '', sentence = '', ...more] = after.split('\n');
            const end = more.findIndex((line) => !line.startsWith('      '));
            return [place, sentence, ...more.slice(0, end === -1 ? more.length : end)].join(' ');
          });
        expect(said.length, `${name} names ${location}`).toBeGreaterThan(0);
        expect(
          said.some((sentence) => sentence.includes(words)),
          `${name}: ${said.join(' | ')}`,
        ).toBe(true);
      }
    });
  }

  it('check:articles fails too, in seconds, saying how to go on', () => {
    expect(check.status).toBe(1);
    expect(check.output).toContain('docs/adding-an-article.md explains every rule');
    expect(check.seconds).toBeLessThan(60);
  });
});
