/**
 * Issue 17: one test per rule the build applies to articles (src/content/checks), over MDX written here. Each
 * refusal names its line and says what to do in words; what is allowed stays allowed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anchorProblems } from '~/content/checks/integration';
import { checkBody, parseBody } from '~/content/checks/body';
import { checkFolder, suggestedId } from '~/content/checks/folder';
import { readFrontmatter } from '~/content/checks/frontmatter';
import { frontmatterProblems } from '~/content/checks/frontmatter-schema';
import { imageProblems } from '~/content/checks/images';
import { formatProblems } from '~/content/checks/problems';
import type { SiteIndex } from '~/content/checks/site-index';
import { writeNoisePicture } from '../shared/noise-picture';

const FILE = 'src/content/articles/test.mdx';
const HEAD = `---\ntitle: 'A test article for the rules'\n---\n\n`; // the body starts on line 5

const site: SiteIndex = {
  pages: new Set(['/', '/insurance', '/faq', '/articles', '/quote']),
  redirects: new Map([['/about-us', '/about']]),
  articles: new Map([
    ['packing-guide', { id: 'packing-guide', draft: false, publishedAt: '2024-01-10', anchors: new Set(['plates', 'glasses']) }],
    ['draft-one', { id: 'draft-one', draft: true, publishedAt: '2024-01-10', anchors: new Set() }],
    ['next-month', { id: 'next-month', draft: false, publishedAt: '2024-07-01', anchors: new Set() }],
  ]),
  today: '2024-06-01',
};

function check(body: string, options: { draft?: boolean; publishedAt?: string; pageAnchors?: SiteIndex['pageAnchors'] } = {}) {
  const parsed = parseBody(HEAD + body);
  const index = { ...site, pageAnchors: options.pageAnchors };
  const source = { id: 'test', draft: options.draft ?? false, publishedAt: options.publishedAt ?? '2024-05-01', anchors: parsed.anchors };
  return checkBody(FILE, parsed, source, index, { draft: options.draft ?? false });
}
const problems = (body: string, options?: Parameters<typeof check>[1]) => check(body, options).problems;
const one = (body: string, options?: Parameters<typeof check>[1]) => {
  const found = problems(body, options);
  expect(found, JSON.stringify(found)).toHaveLength(1);
  return found[0]!;
};

describe('the body: nothing that runs or restyles', () => {
  it('refuses <script>, with its line', () => {
    const problem = one('Intro.\n\n<script>alert(1)</script>\n');
    expect(problem).toMatchObject({ line: 7, rule: 'unsafe-html' });
    expect(problem.message).toContain('<script> would run code');
  });

  it('refuses <style>', () => expect(one('<style>{`body{}`}</style>').message).toContain('<style> would restyle the page'));

  it('refuses <iframe> and <object>', () => {
    expect(one('<iframe src="https://example.com" />').message).toContain('embed another site');
    expect(one('<object data="x" />').message).toContain('embed a program');
  });

  it('refuses on… attributes, even on an allowed tag', () => {
    expect(one('Tell <abbr title="HMRC" onMouseOver="x()">HMRC</abbr>.').message).toContain(
      'onMouseOver attribute of <abbr> would run code',
    );
  });

  it('refuses style and class attributes (restyling)', () => {
    expect(one('Press <kbd style="color:red">Ctrl</kbd>.').rule).toBe('restyle');
    expect(one('Press <kbd class="huge">Ctrl</kbd>.').rule).toBe('restyle');
  });

  it('refuses other HTML and components, naming the Markdown to use', () => {
    expect(one('<div>boxed</div>').message).toContain('write Markdown');
    expect(one('<a href="/faq">FAQ</a>').message).toContain('[the words to click](/page-address)');
    expect(one('<Chart />').message).toContain('is a component');
  });

  it('allows a few harmless inline tags with plain attributes', () => {
    expect(problems('H<sub>2</sub>O, 1<sup>st</sup>, <abbr title="HM Revenue and Customs">HMRC</abbr>, <kbd>Ctrl</kbd>.')).toEqual([]);
  });

  it('refuses import and export lines (MDX runs them)', () => {
    expect(one("import Chart from '../chart.astro'\n\nText.").message).toContain('is run as code');
  });

  it('refuses {expressions} in prose, with their line and the escape that shows them', () => {
    const problem = one('Line one.\n\nWe moved a {couple} of boxes.');
    expect(problem).toMatchObject({ line: 7, column: 12, rule: 'expression' });
    expect(problem.message).toContain('\\{couple}');
  });

  it('allows {/* notes */} on a line of their own and escaped \\{braces}', () => {
    expect(problems('{/* a note for the next editor */}\n\nA \\{literal} brace.')).toEqual([]);
  });

  it('explains MDX syntax errors in words, with the line: a lone < and an unclosed {', () => {
    const lessThan = one('Intro.\n\nBoxes weigh <5 kg each.');
    expect(lessThan).toMatchObject({ rule: 'mdx-syntax', line: 7 });
    expect(lessThan.message).toContain('put a backslash before it (\\<)');
    expect(one('A {brace that never closes.').message).toContain('curly bracket { here starts code');
  });
});

describe('what the browser editor cannot keep is refused, saying what to write instead', () => {
  it('refuses tags with a Markdown form of their own, and the tags the editor does not offer', () => {
    expect(one('A <b>bold</b> word.').message).toBe('Write **bold words** in Markdown instead of <b>.');
    expect(one('An <em>italic</em> word.').message).toContain('*italic words*');
    expect(one('Line one<br />line two.').message).toContain('a backslash \\ at the end of the line');
    expect(one('<q>A quotation</q>').message).toContain('<abbr title="HM Revenue and Customs">HMRC</abbr>, <kbd>Ctrl</kbd>');
  });

  it('refuses an abbreviation without its full form, and attributes a tag does not take', () => {
    expect(one('<abbr>HMRC</abbr>').message).toBe('<abbr> needs its title, as in <abbr title="HM Revenue and Customs">HMRC</abbr>.');
    expect(one('<abbr title="">HMRC</abbr>').message).toContain('is empty');
    expect(one('<kbd lang="en">Ctrl</kbd>').message).toContain('may not have a lang attribute');
  });

  it('refuses a note for editors inside a paragraph, pointing to a line of its own', () => {
    const problem = one('Boxes {/* check the number */} arrive on Monday.');
    expect(problem).toMatchObject({ line: 5, column: 7, rule: 'editor' });
    expect(problem.message).toContain('move {/* … */} to its own line');
  });

  it('refuses links by reference and link titles, giving the inline form', () => {
    expect(one('See [the FAQ][faq].\n\n[faq]: /faq').message).toContain('[the words to click](/page-address)');
    expect(one('[FAQ](/faq "Questions")').message).toBe(
      'The browser editor cannot keep a link\'s title ("Questions"): remove it and keep [the words](/faq).',
    );
  });

  it('accepts footnotes, refuses one of several paragraphs and a mark with no note', () => {
    expect(problems('Moving costs vary.[^1]\n\n[^1]: Figures from 2024.')).toEqual([]);
    expect(one('Text.[^1]\n\n[^1]: One.\n\n    Two.').message).toContain('Keep a footnote to one paragraph');
    const orphan = one('Text.[^2]');
    expect(orphan).toMatchObject({ rule: 'footnote', line: 5 });
    expect(orphan.message).toContain('[^2]: The note.');
  });
});

describe('pictures in the body', () => {
  it("are kept in the article's own folder", () => {
    expect(problems('![A van outside a house](./test/van.jpg)')).toEqual([]);
    expect(check('![A van outside a house](./test/van.jpg)').images).toMatchObject([{ url: './test/van.jpg', line: 5 }]);
    expect(one('![A van outside a house](./van.jpg)').message).toBe(
      'A picture in the article is kept in a folder named after the article: save it as src/content/articles/test/van.jpg and write ![what it shows](./test/van.jpg).',
    );
  });

  it('need a description, saying where to write it', () => {
    const problem = one('Intro.\n\n![](./test/van.jpg)');
    expect(problem).toMatchObject({ rule: 'image-alt', line: 7, column: 1 });
    expect(problem.message).toContain(
      'Write it between the square brackets, e.g. ![A removal van outside a terraced house](./test/van.jpg)',
    );
    expect(one('![  ](./test/van.jpg)').rule).toBe('image-alt');
  });
});

describe('links', () => {
  it('refuses javascript:, data: and vbscript: links, in Markdown and in attributes', () => {
    expect(one('[Refund](javascript:alert(1))')).toMatchObject({ rule: 'script-url' });
    expect(one('[x](JaVaScRiPt:alert(1))').rule).toBe('script-url');
    expect(one('[x](data:text/html,hi)').rule).toBe('script-url');
  });

  it('refuses http:// and offers the https:// address', () => {
    expect(one('[Council tax](http://www.gov.uk/council-tax)').message).toContain('Use https://www.gov.uk/council-tax instead');
    expect(one('See http://www.gov.uk today.').message).toContain('https://www.gov.uk');
  });

  it('accepts https, mailto and tel links, our pages, redirects and anchors that exist', () => {
    expect(
      problems(
        '[a](https://www.gov.uk) [b](mailto:hello@example.com) [c](tel:+441234) [d](/insurance) [e](/about-us) [f](/quote?service=packing) [g](/articles/packing-guide#plates)\n\n## Here\n\n[h](#here)',
      ),
    ).toEqual([]);
  });

  it('refuses a page that does not exist, suggesting the nearest', () => {
    expect(one('[cover](/insurence)').message).toBe(
      'The link goes to /insurence, which is not a page on this site. Did you mean /insurance?',
    );
  });

  it('refuses an article that does not exist', () => {
    expect(one('[read](/articles/does-not-exist)').message).toContain('no article with the id "does-not-exist"');
  });

  it('refuses a link to a draft, or to an article published after this one', () => {
    expect(one('[x](/articles/draft-one)').message).toContain('is a draft');
    expect(one('[x](/articles/next-month)').message).toContain('not published until 1 July 2024');
    // A draft may link to drafts; an article published on or after the other's day may link to it.
    expect(problems('[x](/articles/draft-one)', { draft: true })).toEqual([]);
    expect(problems('[x](/articles/next-month)', { publishedAt: '2024-07-02' })).toEqual([]);
  });

  it('refuses an anchor this article or the other one does not have, listing the ones it has', () => {
    expect(one('## Plates\n\n[x](#glasses)').message).toContain("Its headings' anchors are: #plates");
    expect(one('[x](/articles/packing-guide#mugs)').message).toContain('#plates, #glasses');
  });

  it('leaves anchors of other pages to the built pages, then refuses a missing one', () => {
    const result = check('[x](/faq#removals)');
    expect(result.problems).toEqual([]);
    expect(result.pageAnchorLinks).toEqual([{ path: '/faq', anchor: 'removals', line: 5, column: 1 }]);
    const built = new Map([['/faq', new Set(['booking'])]]);
    expect(one('[x](/faq#removals)', { pageAnchors: built }).message).toContain(
      '/faq#removals, but the page /faq has no part with the anchor #removals',
    );
    const late = anchorProblems([{ file: FILE, line: 5, path: '/faq', anchor: 'removals' }], built);
    expect(late[0]).toMatchObject({ file: FILE, line: 5 });
    expect(late[0]!.message).toContain('/faq#removals');
  });

  it('refuses relative and scheme-less links with the fix', () => {
    expect(one('[x](insurance)').message).toContain('/insurance');
    expect(one('[x](//example.com)').message).toContain('https://example.com');
    expect(one('[x](/insurance/)').message).toContain('Write /insurance instead');
  });

  it('refuses images from other sites (the CSP would block them)', () => {
    expect(one('![A van](https://example.com/van.jpg)').rule).toBe('remote-image');
  });
});

describe('headings', () => {
  it('refuses a # heading in the body', () => {
    expect(one('# Again the title').message).toContain('Use ## for a section heading');
  });

  it('refuses a skipped level, naming the heading before it', () => {
    const problem = one('## Packing\n\n#### Plates');
    expect(problem).toMatchObject({ line: 7, rule: 'heading' });
    expect(problem.message).toContain('after a ## heading (line 5)');
    expect(problem.message).toContain('Use ### here');
  });

  it('refuses a ### before any ##', () => expect(one('### Too deep').message).toContain('after a # title'));

  it('accepts going down one level at a time and back up', () => {
    expect(problems('## A\n\n### B\n\n#### C\n\n## D')).toEqual([]);
  });
});

describe('placeholder text from new:article', () => {
  it('is refused in a published article and allowed in a draft', () => {
    expect(one('Replace this with your opening.').rule).toBe('placeholder');
    expect(problems('Replace this with your opening.', { draft: true })).toEqual([]);
  });
});

describe('the articles folder', () => {
  it('refuses a .md file (never published), naming the .mdx it should be', () => {
    const [problem] = checkFolder(['moving-tips.md']);
    expect(problem).toMatchObject({ file: 'src/content/articles/moving-tips.md', rule: 'not-mdx' });
    expect(problem!.message).toContain('Rename it to moving-tips.mdx');
  });

  it('refuses two ids that differ only in case, naming both', () => {
    const found = checkFolder(['moving-tips.mdx', 'Moving-Tips.mdx']).filter((p) => p.rule === 'duplicate-id');
    expect(found.map((p) => p.file).sort()).toEqual(['src/content/articles/Moving-Tips.mdx', 'src/content/articles/moving-tips.mdx']);
    expect(found[0]!.message).toContain('same name apart from capital letters');
  });

  it('refuses names that are not lower-case words with hyphens, _names, reserved ids, folders and other files', () => {
    expect(checkFolder(['Moving Tips.mdx'])[0]!.message).toContain('rename it to moving-tips.mdx');
    expect(checkFolder(['_later.mdx'])[0]!.message).toContain('draft: true');
    expect(checkFolder(['page.mdx'])[0]!.message).toContain('/articles/page is an address the site uses');
    expect(checkFolder(['old/', 'old/a.mdx'])[0]!.message).toContain('not in a folder inside it');
    expect(checkFolder(['notes.docx'])[0]!.rule).toBe('not-mdx');
    expect(checkFolder(['van.svg'])[0]!.message).toContain('assets-src/articles');
  });

  it('accepts articles, their images and hidden files', () => {
    expect(checkFolder(['moving-tips.mdx', 'moving-tips.png', 'b.jpg', 'c.webp', 'd.avif', '.DS_Store'])).toEqual([]);
  });

  it("accepts an article's own folder of pictures, and nothing else in it", () => {
    expect(checkFolder(['moving.mdx', 'moving.png', 'moving/', 'moving/van.jpg', 'moving/boxes.webp'])).toEqual([]);
    const problems = checkFolder([
      'moving.mdx',
      'moving/',
      'moving/notes.txt',
      'moving/more/',
      'moving/more/a.png',
      'other/',
      'other/a.png',
    ]);
    expect(problems.map((problem) => problem.file)).toEqual([
      'src/content/articles/moving/notes.txt',
      'src/content/articles/moving/more',
      'src/content/articles/moving/more/a.png',
      'src/content/articles/other',
    ]);
    expect(problems[0]!.message).toContain('holds only the pictures in the article moving.mdx');
    // An empty folder (what deleting an article in the editor leaves) holds nothing to publish.
    expect(checkFolder(['gone/'])).toEqual([]);
  });

  it('suggests an id from any title', () =>
    expect(suggestedId('Moving With Pets: A Calm Day & Night')).toBe('moving-with-pets-a-calm-day-and-night'));
});

describe('frontmatter', () => {
  const valid = `---
title: 'How to Pack Fragile Items Safely'
excerpt: 'Plates, glasses and mirrors need more than newspaper. The techniques removal crews use, step by step.'
category: Packing Tips
author: James Thornton
publishedAt: '2024-01-29'
image: ./packing.png
imageAlt: 'An open box of wrapped plates.'
---
`;
  const fieldProblems = (source: string) => frontmatterProblems(readFrontmatter(source)!);

  it('accepts a valid one, with draft optional', () => {
    expect(fieldProblems(valid)).toEqual([]);
    expect(fieldProblems(valid.replace('---\n\n', '').replace(/---\n$/, 'draft: true\n---\n'))).toEqual([]);
  });

  it("points at the line of a wrong field, in the schema's words", () => {
    const [problem] = fieldProblems(valid.replace('category: Packing Tips', 'category: Packing'));
    expect(problem).toMatchObject({ line: 4, field: 'category' });
    expect(problem!.message).toContain('category must be one of');
  });

  it('names an unknown field and lists the real ones', () => {
    const [problem] = fieldProblems(valid.replace('author:', 'feature: true\nauthor:'));
    expect(problem).toMatchObject({ line: 5, field: 'feature' });
    expect(problem!.message).toContain('featured');
  });

  it('reads an unquoted date as the build does: the same day, accepted', () => {
    const unquoted = readFrontmatter(valid.replace("publishedAt: '2024-01-29'", 'publishedAt: 2024-01-29'))!;
    expect(unquoted.data.publishedAt).toBe('2024-01-29');
    expect(frontmatterProblems(unquoted)).toEqual([]);
  });

  it('refuses an unquoted day that does not exist (YAML would roll it over to 2 March) at its line', () => {
    expect(fieldProblems(valid.replace("publishedAt: '2024-01-29'", 'publishedAt: 2024-02-31'))).toEqual([
      { line: 6, field: 'publishedAt', message: 'publishedAt is not a real calendar date.' },
    ]);
    const [timed] = fieldProblems(valid.replace("publishedAt: '2024-01-29'", 'publishedAt: 2024-01-29T10:00:00Z'));
    expect(timed).toMatchObject({ line: 6, field: 'publishedAt' });
    expect(timed!.message).toContain('must be a day written yyyy-mm-dd');
  });

  it('finds the frontmatter where Astro does (after blank lines) and names the line of a YAML mistake', () => {
    const [problem] = fieldProblems(`\n${valid.replace('category: Packing Tips', 'category: Packing')}`);
    expect(problem).toMatchObject({ line: 5, field: 'category' });
    expect(readFrontmatter(valid.replace('author: James Thornton', "author: 'James Thornton"))!.error).toEqual({
      line: 5,
      message: "Missing closing 'quote",
    });
  });

  it('refuses draft that is not true or false', () => {
    expect(fieldProblems(valid.replace(/---\n$/, "draft: 'yes'\n---\n"))[0]!.message).toContain('draft must be true or false');
  });
});

describe('images', () => {
  const dir = mkdtempSync(join(tmpdir(), 'article-images-'));
  const png = async (name: string, width: number, height: number) => {
    const path = join(dir, name);
    await sharp({ create: { width, height, channels: 3, background: '#3b6cf6' } })
      .png()
      .toFile(path);
    return path;
  };

  it('accepts a 1200 × 630 picture', async () => {
    expect(await imageProblems(await png('ok.png', 1200, 630), 'src/content/articles/ok.png', 'hero')).toEqual([]);
  });

  it('refuses one wider than 2,400 px with the exact shrink command', async () => {
    const [problem] = await imageProblems(await png('wide.png', 2600, 1300), 'src/content/articles/wide.png', 'hero');
    expect(problem!.rule).toBe('image-size');
    expect(problem!.message).toContain('2600 px wide');
    expect(problem!.message).toContain('npm run shrink:image -- src/content/articles/wide.png');
  });

  it('refuses one over 2 MB', { timeout: 60_000 }, async () => {
    const path = join(dir, 'heavy.png');
    writeFileSync(path, Buffer.alloc(10)); // replaced below by a real, heavy image
    await writeNoisePicture(path, 1300, 1000, 'png'); // about 3.9 MB
    const [problem] = await imageProblems(path, 'src/content/articles/heavy.png', 'hero');
    expect(problem!.message).toMatch(/heavy\.png is \d+\.\d MB \(the limit is 2 MB\)/);
  });

  it('refuses a main image narrower than 1,200 px (it is the share preview), a missing file and other formats', async () => {
    expect((await imageProblems(await png('small.png', 800, 420), 'src/content/articles/small.png', 'hero'))[0]!.rule).toBe('image-small');
    expect((await imageProblems(join(dir, 'nope.png'), 'src/content/articles/nope.png', 'hero'))[0]!.rule).toBe('image-missing');
    writeFileSync(join(dir, 'photo.gif'), 'GIF89a');
    expect((await imageProblems(join(dir, 'photo.gif'), 'src/content/articles/photo.gif', 'hero'))[0]!.rule).toBe('image-format');
  });
});

describe('the report', () => {
  it('lists each problem as file:line:column with its sentence under it, in file and line order', () => {
    const text = formatProblems([
      { file: 'b.mdx', line: 3, column: 1, rule: 'x', message: 'Second.' },
      { file: 'a.mdx', line: 9, rule: 'x', message: 'First.' },
    ]);
    expect(text).toBe('  a.mdx:9\n    First.\n  b.mdx:3:1\n    Second.');
  });
});
