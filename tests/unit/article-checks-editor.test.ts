/**
 * Issue 46: the article check opens and saves every body with the browser editor's own code (a bundle of its body
 * field, run in worker threads) and refuses, with the line and a sentence, what the editor cannot open or would not
 * save byte for byte. Articles written here; each line, column and text the editor would write worked out by hand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES_DIR } from '~/content/checks';
import { parseBody } from '~/content/checks/body';
import { assertArticleIsValid } from '~/content/checks/dev';
import { closeEditorPool, EditorPool, editorRoundTrip, type RoundTrip } from '~/content/checks/editor-pool';
import { changedGroups, editorProblems } from '~/content/checks/editor-roundtrip';

const FILE = 'src/content/articles/test.mdx';
const HEAD = `---\ntitle: 'A test article for the rules'\n---\n\n`; // the body starts on line 5
const INDENT = '      ';
const shown = (...lines: string[]) => lines.map((line) => (line ? INDENT + line : '')).join('\n');

let roundTrip: RoundTrip;

// Each test below opens bodies in a worker (milliseconds, but seconds on a busy machine: hence their timeouts).
// The first run ever bundles the editor's code (seconds on an idle machine, more on a busy one); then a worker starts.
beforeAll(async () => {
  roundTrip = await editorRoundTrip();
  await roundTrip('\nA body, to start the editor.\n', 'start');
}, 300_000);
afterAll(closeEditorPool);

function check(body: string, { head = HEAD, refusedLines = [] as number[] } = {}) {
  const source = head + body;
  return editorProblems({ file: FILE, slug: 'test', source, parsed: parseBody(source), refusedLines: new Set(refusedLines) }, roundTrip);
}

describe('a body the browser editor cannot open', { timeout: 60_000 }, () => {
  const table = (note: string) =>
    [
      'Book a firm early in the summer.',
      '',
      `| Week | Who    | ${'Note'.padEnd(note.length)} |`,
      `| ---- | ------ | ${'-'.repeat(note.length)} |`,
      `| 8    | Movers | ${note} |`,
      '',
    ].join('\n');

  it('is refused at a footnote mark inside a table cell, saying to move it after the table or write it in words', async () => {
    const problems = await check(`${table('Good firms fill up early[^1]')}\n[^1]: Most firms take bookings eight weeks ahead.\n`);
    // Line 9 is the table's third row; "| 8    | Movers | Good firms fill up early" is 42 characters.
    expect(problems).toEqual([
      {
        file: FILE,
        line: 9,
        column: 43,
        rule: 'editor',
        message:
          'A footnote mark inside a table ([^1] here) stops the browser editor opening the article. Take the mark out of the table and put it at the end of a sentence after the table (the footnote itself stays where it is), or write what the note says in the cell, in words.',
      },
    ]);
  });

  it('passes once the mark is moved to a sentence after the table', async () => {
    const body = `${table('Good firms fill up early')}\nFirms book up eight weeks ahead.[^1]\n\n[^1]: Most firms take bookings eight weeks ahead.\n`;
    expect(await check(body)).toEqual([]);
  });

  it('names each mark in a table, and nothing else', async () => {
    const body = [
      '| Week  | Note     |',
      '| ----- | -------- |',
      '| 8[^a] | Book[^b] |',
      '',
      'More text.',
      '',
      '[^a]: First.',
      '',
      '[^b]: Second.',
      '',
    ].join('\n');
    const problems = await check(body);
    expect(problems.map(({ line, column }) => [line, column])).toEqual([
      [7, 4],
      [7, 15],
    ]);
    expect(problems[1]!.message).toContain('([^b] here)');
    // A table inside a quotation: "> | 1 | x" is 9 characters.
    const quoted = await check('> | a | b     |\n> | - | ----- |\n> | 1 | x[^1] |\n\n[^1]: Note.\n');
    expect(quoted.map(({ line, column }) => [line, column])).toEqual([[7, 10]]);
  });

  it('is refused with the editor’s own words and the part’s line when no sentence of ours fits', async () => {
    // The body rule refuses a note for editors inside a sentence first; without it, the editor's words are given.
    const [problem] = await check('Intro.\n\nBoxes {/* check the number */} arrive on Monday.\n');
    expect(problem).toMatchObject({ line: 7, rule: 'editor' });
    expect(problem!.message).toBe(
      'The browser editor cannot open the article because of this paragraph (it says: “Unhandled type mdxTextExpression: {/* check the number */}”). Write it more simply (paragraphs, lists and tables of plain words always work), or ask a developer.',
    );
    expect(await check('Intro.\n\nBoxes {/* check the number */} arrive on Monday.\n', { refusedLines: [7] })).toEqual([]);
  });

  it('is refused when blank lines come before the frontmatter (the editor finds it only on the first line)', async () => {
    expect(await check('Text.\n', { head: `\n\n${HEAD}` })).toEqual([
      {
        file: FILE,
        line: 1,
        rule: 'editor',
        message:
          'The browser editor cannot open this file: it must start with the --- line of its frontmatter. Delete the blank lines above it.',
      },
    ]);
  });
});

describe('a body the browser editor would save differently', { timeout: 60_000 }, () => {
  it('shows a table lined up as the editor saves it', async () => {
    const problems = await check('Intro.\n\n| Room | Boxes |\n| --- | --- |\n| Kitchen | 12 |\n| Hall | |\n\nAfter the table.\n');
    expect(problems).toEqual([
      {
        file: FILE,
        line: 7,
        rule: 'editor',
        message: `The browser editor lines up a table's columns when it saves, so it would rewrite this table. Write it as the editor keeps it (each | under the one above, the dashes as wide as the column):\n${shown(
          '| Room    | Boxes |',
          '| ------- | ----- |',
          '| Kitchen | 12    |',
          '| Hall    |       |',
        )}`,
      },
    ]);
  });

  it('shows a table without its outer pipes with them', async () => {
    const [problem] = await check('Room | Boxes\n--- | ---\nKitchen | 12\n');
    expect(problem!.message).toContain(shown('| Room    | Boxes |', '| ------- | ----- |', '| Kitchen | 12    |'));
  });

  it('says a column cannot be lined up left, right or centre, and shows the plain table', async () => {
    const [problem] = await check('| Room    | Boxes |\n| :------ | ----: |\n| Kitchen | 12    |\n');
    expect(problem).toMatchObject({ line: 5, rule: 'editor' });
    expect(problem!.message).toBe(
      `The browser editor cannot keep a column lined up left, right or centre, so it would rewrite this table when it saves. Write it as the editor keeps it, with plain dashes and no colons:\n${shown('| Room    | Boxes |', '| ------- | ----- |', '| Kitchen | 12    |')}`,
    );
  });

  it('accepts a table written as the editor writes it', async () => {
    expect(await check('| Room    | Boxes |\n| ------- | ----- |\n| Kitchen | 12    |\n')).toEqual([]);
  });

  it('shows a list of * items with - marks, at the list’s line', async () => {
    const [problem, ...more] = await check('Intro.\n\n* Book the van\n* Label the boxes\n');
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ line: 7 });
    expect(problem!.message).toBe(
      `The browser editor would write this list differently when it saves, so the first save would change the article. Write it as the editor does:\n${shown('- Book the van', '- Label the boxes')}`,
    );
  });

  it('names each place on its own line, and leaves the rest of the article out', async () => {
    const body = 'Intro.\n\n* One\n* Two\n\nA __strong__ word.\n\nUnchanged.\n\nAnother *fine* line.\n';
    const problems = await check(body);
    expect(problems.map((problem) => problem.line)).toEqual([7, 10]);
    expect(problems[1]!.message).toContain(`paragraph differently`);
    expect(problems[1]!.message).toMatch(/Write it as the editor does:\n {6}A \*\*strong\*\* word\.$/);
  });

  it('says when the difference is only spaces or blank lines', async () => {
    // Lines 6 and 7 are blank: the editor keeps the first, so line 7 and the paragraph after it are what changes.
    const [problem] = await check('Text.\n\n\nMore.\n');
    expect(problem).toMatchObject({ line: 7 });
    expect(problem!.message).toContain('The difference is only in spaces or blank lines');
    expect(problem!.message).toMatch(/:\n {6}More\.$/);
    expect((await check('Text.'))[0]!.message).toContain('a line break at the end of the file');
    expect((await check('Trailing space. \nNext line.\n'))[0]).toMatchObject({ line: 5 });
  });

  it('says nothing twice: a line another rule refused is left to that rule', async () => {
    expect(await check('[FAQ](/faq "Questions")\n')).toHaveLength(1);
    expect(await check('[FAQ](/faq "Questions")\n', { refusedLines: [5] })).toEqual([]);
  });

  it('reads Windows line endings as the editor saves them, and accepts the body', async () => {
    expect(await check('Text.\r\n\r\n- One\r\n- Two\r\n')).toEqual([]);
  });
});

describe('the changed lines, as whole paragraphs', () => {
  it('groups changes with no blank line between them and widens them to the blank lines around', () => {
    const written = ['', 'a', 'b', 'c', '', 'd', '', 'e'];
    const saved = ['', 'a', 'B', 'c', '', 'd', '', 'E', ''];
    // b → B (line 2 of the paragraph a b c); e → E plus a final line break.
    expect(changedGroups(written, saved)).toEqual([
      { from: 1, to: 4, savedFrom: 1, savedTo: 4 },
      { from: 7, to: 8, savedFrom: 7, savedTo: 9 },
    ]);
  });

  it('joins two changes in one paragraph, and finds nothing in the same text', () => {
    expect(changedGroups(['x', 'a', 'b', 'c'], ['x', 'A', 'b', 'C'])).toEqual([{ from: 0, to: 4, savedFrom: 0, savedTo: 4 }]);
    expect(changedGroups(['a', '', 'b'], ['a', '', 'b'])).toEqual([]);
  });
});

describe('under npm run dev', { timeout: 60_000 }, () => {
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'editor-checks-'));
    for (const dir of [ARTICLES_DIR, 'src/pages', 'public']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(
      join(root, ARTICLES_DIR, 'cells.mdx'),
      `---
title: 'When to book a removal firm'
excerpt: 'How far ahead to book a removal firm in the busy summer months, and what to do if you left it late.'
category: Moving Tips
author: Priya Shah
publishedAt: '2024-03-04'
image: ./cells.png
imageAlt: 'A calendar on a kitchen wall with a moving day circled.'
---

| Week | Note           |
| ---- | -------------- |
| 8    | Book early[^1] |

[^1]: Firms fill up in summer.
`,
    );
    await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#3b6cf6' } }).toFile(join(root, ARTICLES_DIR, 'cells.png'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("shows what the editor cannot open in the article page's error overlay, at its line", async () => {
    const error = await assertArticleIsValid('cells', root).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { loc: { file: string; line: number; column: number } },
    );
    // Line 13 is the table's row; "| 8    | Book early" is 19 characters.
    expect(error?.message).toContain(`${ARTICLES_DIR}/cells.mdx:13:20\n    A footnote mark inside a table ([^1] here)`);
    expect(error?.loc).toEqual({ file: join(root, ARTICLES_DIR, 'cells.mdx'), line: 13, column: 20 });
  });
});

describe("when the editor's code cannot run", { timeout: 60_000 }, () => {
  it('the check stops, saying so, instead of passing the articles', async () => {
    const pool = new EditorPool(join(tmpdir(), 'no-such-editor-bundle.mjs'));
    await expect(pool.roundTrip('\nText.\n', 'test')).rejects.toThrow(
      "The article check could not run the browser editor's code (src/editor/build/editor-body-worker.mjs)",
    );
    await pool.close();
  });
});
