// The heaviest article page the article schema allows, for the page budgets (issue 31 item 1): three articles of one
// category, so each has the other two as its related cards, with every text field at its longest in characters that
// cost the most bytes, and a body with one of each construct the article check accepts (so the page carries the
// most CSS an article's markup can call for). Written into a temporary copy of the project, never into src/.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { articleTextLimits } from '../../src/content/article-schema.ts';
import { articleCategories } from '../../src/data/article-categories.ts';
import { checkBody, parseBody } from '../../src/content/checks/body.ts';
import { closeEditorPool, editorRoundTrip } from '../../src/content/checks/editor-pool.ts';
import { editorProblems } from '../../src/content/checks/editor-roundtrip.ts';
import { siteIndex } from '../../src/content/checks/index.ts';

/** The build's "today": the fixtures are the newest articles, so they are each other's related articles. */
export const WORST_CASE_TODAY = '2099-09-30';
/** 30 September is the longest date the page writes out ("30 September 2099"). */
const PUBLISHED = '2099-09-29';
/** new:article's longest address. */
const ID_LENGTH = 60;
const COUNT = 3;

/** The longest category name: its badge is on the page three times. */
const category = [...articleCategories].sort((a, b) => b.length - a.length)[0];

/** Random characters of three bytes each in UTF-8 (gzip cannot shrink them), with HTML's escaped characters among them. */
function costlyText(length, seed) {
  let x = seed;
  let text = '';
  while (text.length < length) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const n = x >>> 0;
    text += n % 8 === 0 ? `&<>"'`[n % 5] : String.fromCharCode(0x4e00 + (n % 0x5000));
  }
  return text;
}

const id = (n) => `worst-case-${n}-`.padEnd(ID_LENGTH, 'x');
export const worstCaseIds = Array.from({ length: COUNT }, (_, i) => id(i + 1));
/** Each has the other two as its related articles, so one page stands for them all. */
export const worstCasePage = `/articles/${worstCaseIds[0]}`;
const IMAGE = (articleId) => `${articleId}.png`;

/**
 * Every construct a body can have: each block is kept only if the article check accepts it, so the fixture follows
 * the check as it gains refusals or allows more.
 */
const INLINE_TAGS = [
  '<abbr title="HM Revenue and Customs">HMRC</abbr>',
  '<kbd>Ctrl</kbd>',
  'H<sub>2</sub>O',
  '10<sup>th</sup>',
  '<mark>marked</mark>',
  '<q>quoted</q>',
  '<small>small</small>',
  '<time datetime="2099-09-30">today</time>',
  '<dfn>term</dfn>',
  '<cite>a book</cite>',
  '<ins>added</ins>',
  '<del>removed</del>',
  '<s>old</s>',
  '<u>noted</u>',
  '<i>idiom</i>',
  '<b>key</b>',
  'a<br />break',
  'a long<wbr />word',
];
/** A picture in the body lives in a folder named after its article. */
const BODY_IMAGE = (articleId) => `${articleId}/in-the-body.png`;

const BLOCKS = (articleId, others) => [
  'An opening paragraph with **bold**, *italic*, ~~struck~~ and `code` words.',
  `Links: [a page](/quote), [an article](/articles/${others[0]}), [a section](#a-section), [GOV.UK](https://www.gov.uk/), [e-mail](mailto:hello@example.com) and [a phone](tel:+441234567890).`,
  // One tag per paragraph, so a tag the check refuses drops only its own paragraph.
  ...INLINE_TAGS.map((tag) => `An inline tag: ${tag}.`),
  'A claim with a footnote.[^1]\n\n[^1]: The footnote itself.',
  '## A section\n\nA paragraph.\n\n### A smaller heading\n\nAnother paragraph.',
  '- **A bold lead-in:** then the rest.\n- **Another lead-in:** and more.',
  // Not straight after the list above: two lists of - items with only a blank line between them are one list.
  '1. A numbered list\n2. with two items',
  '- A plain list\n- with two items',
  '**A paragraph wholly in bold: the tip box.**',
  '> A quotation, on a line of its own.',
  '| Column | Another      |\n| ------ | ------------ |\n| A cell | Another cell |',
  '---',
  '```\nA block of code\n```',
  `![A picture in the body](./${BODY_IMAGE(articleId)})`,
  '{/* A note for other editors, never shown. */}',
];

function frontmatter(articleId, n) {
  const { title, excerpt, author, imageAlt } = articleTextLimits;
  const field = (name, limits) => `${name}: ${JSON.stringify(costlyText(limits.max, n * 7919 + name.length))}`;
  return [
    '---',
    field('title', title),
    field('excerpt', excerpt),
    `category: ${category}`,
    field('author', author),
    `publishedAt: '${PUBLISHED}'`,
    `updatedAt: '${WORST_CASE_TODAY}'`,
    `image: ./${IMAGE(articleId)}`,
    field('imageAlt', imageAlt),
    'featured: true',
    '---',
    // A blank line after the frontmatter, as the browser editor writes it.
    '',
    '',
  ].join('\n');
}

/** The blocks of BLOCKS the article check accepts (its rules and the browser editor's round trip), for the article `articleId` of a copy at `root`. */
async function acceptedBlocks(root, articleId, others, roundTrip) {
  const facts = worstCaseIds.map((other) => ({ id: other, draft: false, publishedAt: PUBLISHED, anchors: new Set(['a-section']) }));
  const site = siteIndex(root, facts, WORST_CASE_TODAY);
  const verdicts = await Promise.all(
    BLOCKS(articleId, others).map(async (block) => {
      const source = `${frontmatter(articleId, 0)}${block}\n`;
      const parsed = parseBody(source);
      const result = checkBody('worst-case.mdx', parsed, facts[0], site, { draft: false });
      if (result.problems.length) return false;
      const editor = await editorProblems({ file: 'worst-case.mdx', slug: articleId, source, parsed, refusedLines: new Set() }, roundTrip);
      return editor.length === 0;
    }),
  );
  return BLOCKS(articleId, others).filter((_, i) => verdicts[i]);
}

/** Writes the articles into the copy at `root`, with a picture of the project's articles beside each. */
export async function writeWorstCaseArticles(root) {
  const dir = join(root, 'src/content/articles');
  const picture = readdirSync(dir).find((name) => name.endsWith('.png'));
  if (!picture) throw new Error(`no article picture in ${dir} to copy for the worst-case articles`);
  const roundTrip = await editorRoundTrip();
  try {
    for (const [i, articleId] of worstCaseIds.entries()) {
      const others = worstCaseIds.filter((other) => other !== articleId);
      copyFileSync(join(dir, picture), join(dir, IMAGE(articleId)));
      mkdirSync(join(dir, articleId), { recursive: true });
      copyFileSync(join(dir, picture), join(dir, BODY_IMAGE(articleId)));
      writeFileSync(
        join(dir, `${articleId}.mdx`),
        `${frontmatter(articleId, i + 1)}${(await acceptedBlocks(root, articleId, others, roundTrip)).join('\n\n')}\n`,
      );
    }
  } finally {
    await closeEditorPool();
  }
}
