#!/usr/bin/env node
// Starts an article the build already accepts: a draft with placeholder text and a 1200 × 630 placeholder image.
//   npm run new:article -- "Moving With Pets: A Calm Day" --author "Priya Shah" --category "Moving Tips"
//   npm run new:article -- "Moving With Pets: A Calm Day"          (asks for the author and category in a terminal)
//   options: --author NAME  --category NAME  --date yyyy-mm-dd (default today)  --id file-name (default from the title)
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { articleCategories } from '../src/data/article-categories.ts';
import { PLACEHOLDER_MARK } from '../src/content/checks/body.ts';
import { RESERVED_IDS, suggestedId } from '../src/content/checks/folder.ts';
import { isCalendarDate, londonToday } from '../src/lib/dates.ts';
import { formatArticleDate } from '../src/lib/articles.ts';

const ARTICLES = 'src/content/articles';

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    author: { type: 'string' },
    category: { type: 'string' },
    date: { type: 'string' },
    id: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (options.help || positionals.length === 0)
  fail('Give the article a title: npm run new:article -- "Moving With Pets: A Calm Day" [--author NAME] [--category NAME]');

const title = positionals.join(' ').trim();
if (title.length < 10 || title.length > 110) fail(`The title must be 10 to 110 characters long (this one has ${title.length}).`);

const interactive = process.stdin.isTTY && process.stdout.isTTY;
const prompt = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;

async function ask(question, check) {
  if (!prompt) return undefined;
  for (;;) {
    const answer = (await prompt.question(question)).trim();
    const problem = check(answer);
    if (!problem) return answer;
    console.log(`  ${problem}`);
  }
}

const authorProblem = (name) => (name.length >= 2 && name.length <= 80 ? undefined : 'The author is a name of 2 to 80 characters.');
const categoryOf = (answer) =>
  articleCategories[Number(answer) - 1] ?? articleCategories.find((category) => category.toLowerCase() === answer.toLowerCase());

let author = options.author?.trim();
if (author === undefined) author = await ask('Author (your name as readers should see it): ', authorProblem);
if (author === undefined) fail('Say who wrote it: --author "Your Name" (or run this in a terminal to be asked).');
if (authorProblem(author)) fail(authorProblem(author));

let category = options.category === undefined ? undefined : categoryOf(options.category);
if (options.category !== undefined && !category) fail(`The category must be one of: ${articleCategories.join(', ')}.`);
if (category === undefined && prompt) {
  console.log(articleCategories.map((name, i) => `  ${i + 1}. ${name}`).join('\n'));
  category = categoryOf(
    await ask('Category (number or name): ', (answer) => (categoryOf(answer) ? undefined : 'Choose one of the numbers above.')),
  );
}
prompt?.close();
if (!category) fail(`Choose a category: --category "${articleCategories[0]}" (one of: ${articleCategories.join(', ')}).`);

const date = options.date ?? londonToday();
if (!isCalendarDate(date)) fail(`--date must be a real day written yyyy-mm-dd, not "${date}".`);

function idFromTitle(text) {
  const id = suggestedId(text);
  return id.length <= 60 ? id : id.slice(0, 61).replace(/-[^-]*$/, '');
}
const id = options.id ?? idFromTitle(title);
if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) || RESERVED_IDS.has(id))
  fail(`"${id}" cannot be an article's address: use lower-case words joined by hyphens (--id).`);
const mdx = join(ARTICLES, `${id}.mdx`);
const png = join(ARTICLES, `${id}.png`);
if (existsSync(mdx)) fail(`${mdx} already exists. Choose another title, or give another address with --id.`);

const quote = (text) => `'${text.replace(/'/g, "''")}'`;
writeFileSync(
  mdx,
  `---
title: ${quote(title)}
excerpt: '${PLACEHOLDER_MARK} with one or two sentences that sum the article up: they show on the cards, under the title and in search results.'
category: ${category}
author: ${quote(author)}
publishedAt: '${date}'
image: ./${id}.png
imageAlt: '${PLACEHOLDER_MARK} with a description of the picture for people who cannot see it.'
featured: false
draft: true
---

${PLACEHOLDER_MARK} with your opening paragraph: who the article is for and what they will know by the end.

## A first section heading

${PLACEHOLDER_MARK} paragraph. Separate paragraphs with a blank line.

- **A bold lead-in:** then the rest of the point.
- **Another lead-in:** every item starting with bold text makes a list with lead-ins.

**${PLACEHOLDER_MARK} tip: a paragraph wholly in double asterisks becomes a highlighted box. Use one or two per article.**

### A smaller heading inside the section

Link to our own pages with a path, like [our insurance page](/insurance).
`,
);

// An original placeholder drawing in the brand's blues: a box on a van's loading bay, no text.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dbe7fe"/><stop offset="1" stop-color="#eff5ff"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <rect y="500" width="1200" height="130" fill="#bfd4fe"/>
  <path d="M0 560h1200" stroke="#fff" stroke-width="8" stroke-dasharray="60 40"/>
  <g transform="translate(380 240)">
    <path d="M0 40a20 20 0 0 1 20-20h300v240H0z" fill="#1d3bd8"/>
    <path d="M320 100h110l70 80v80H320z" fill="#254deb"/><path d="M340 118h80l48 56H340z" fill="#bfd4fe"/>
    <circle cx="100" cy="265" r="40" fill="#0f172a"/><circle cx="100" cy="265" r="16" fill="#cbd5e1"/>
    <circle cx="400" cy="265" r="40" fill="#0f172a"/><circle cx="400" cy="265" r="16" fill="#cbd5e1"/>
  </g>
  <g transform="translate(170 330)">
    <rect width="170" height="150" rx="10" fill="#fcd34d"/><path d="M0 45h170M85 0v45" stroke="#b45309" stroke-width="8"/>
  </g>
  <circle cx="1020" cy="130" r="56" fill="#fcd34d"/>
</svg>`;
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(png);

console.log(`✓ Started ${mdx} and its placeholder image ${png} (1200 × 630).

Next:
  1. Write the article in ${mdx}: replace every "${PLACEHOLDER_MARK}…" text, in the frontmatter too.
  2. Replace ${png} with your own picture (1200 × 630 pixels), and describe it in imageAlt.
  3. Preview it: npm run dev, then open http://localhost:4321/articles/${id} (it shows a Draft badge).
  4. When it is ready, delete the line "draft: true": it is published with the first build on or after ${formatArticleDate(date)}.
  5. Run npm run check:articles, then commit both files and open a pull request (docs/adding-an-article.md).`);
