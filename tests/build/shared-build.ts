/**
 * One built copy of the project for the build tests that only read what a build made or serve it (publication,
 * pictures, the article budgets): their fixture articles side by side, built once on FIXTURE_TODAY by whichever file
 * asks first. Three files built a copy each; in `npm test` every build of a copy takes about 20 s of a busy core.
 * Files run one at a time in this project, so the first file's build is done before the next file asks.
 */
import { existsSync, readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { inject } from 'vitest';
import { buildIn, copyProject, projectRoot, type RunResult } from '../../scripts/lib/project-copy.mjs';
import { articleTextLimits } from '~/content/article-schema';
import { articleCategories } from '~/data/article-categories';
import { writeArticles, type FixtureArticle } from './fixture-articles';
import { COPY_NAMED } from './global-setup';

/** The build's "today" (ARTICLES_TODAY). */
export const FIXTURE_TODAY = '2030-06-15';

/** Publication: twenty more articles, a draft, one dated on the build's day and one the day after. */
const publication: FixtureArticle[] = [
  ...Array.from({ length: 20 }, (_, i) => ({
    id: `scale-${String(i + 1).padStart(2, '0')}`,
    publishedAt: `2030-01-${String(i + 1).padStart(2, '0')}`,
    category: articleCategories[i % articleCategories.length],
    featured: i === 3,
  })),
  { id: 'draft-notes', draft: true, publishedAt: '2030-02-01' },
  { id: 'due-today', publishedAt: FIXTURE_TODAY },
  { id: 'due-tomorrow', publishedAt: '2030-06-16' },
  { id: 'revised', publishedAt: '2030-03-01', extra: "updatedAt: '2030-04-02'\n" },
  // Issue 31 item 2: the build reads an unquoted date as the check does, as that day.
  { id: 'unquoted-dates', publishedAt: '2030-03-03', unquotedDate: true, extra: 'updatedAt: 2030-04-05\n' },
];
/** What the build must leave out. */
export const HIDDEN = ['draft-notes', 'due-tomorrow'];

/** Pictures: two portraits of 1200 × 2000, the top 500 px red and the rest blue (a 1200 × 630 centre cut has no red). */
export const PORTRAIT = { width: 1200, height: 2000, marked: 500 };
export const RED = { r: 220, g: 30, b: 30 };
export const BLUE = { r: 30, g: 60, b: 200 };
const pictures: FixtureArticle[] = [
  { id: 'focus-top', image: 'focus-top.png', extra: 'imageFocus: top\n' },
  { id: 'focus-default', image: 'focus-default.png' },
];

const WORDS = ['removal', 'van', 'boxes', 'kettle', 'landlord', 'meter', 'council', 'sofa', 'stairs', 'keys', 'tape', 'neighbours'];
const SYLLABLES = ['pa', 'ck', 'ing', 'mo', 've', 'ra', 'lo', 'box', 'tri', 'um', 'sel', 'dor', 'wi', 'fen', 'ta', 'gle'];
/** Three hundred made-up words, so the text compresses about as much as real prose does. */
const VOCABULARY = Array.from(
  { length: 300 },
  (_, i) => `${SYLLABLES[i % 16]}${SYLLABLES[(i * 7 + 3) % 16]}${i % 3 ? SYLLABLES[(i * 5 + 1) % 16] : ''}`,
);

/** About 10,000 words in paragraphs under section headings, varied enough not to compress to nothing. */
function longBody(): string {
  const sections: string[] = [];
  let x = 7;
  for (let s = 1; s <= 20; s++) {
    const paragraphs = Array.from({ length: 10 }, () =>
      Array.from({ length: 50 }, () => {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        return VOCABULARY[x % VOCABULARY.length];
      }).join(' '),
    );
    sections.push(`## Part ${s}\n\n${paragraphs.map((p) => `${p.charAt(0).toUpperCase()}${p.slice(1)}.`).join('\n\n')}`);
  }
  return `An opening paragraph of the long read.\n\n${sections.join('\n\n')}\n`;
}

/** Real words to the schema's longest length. */
const longest = (field: 'title' | 'excerpt', start: string) => {
  let text = start;
  while (text.length < articleTextLimits[field].max) text += ` ${WORDS[text.length % WORDS.length]}`;
  return text.slice(0, articleTextLimits[field].max).trim();
};

/**
 * The article budgets: a 10,000-word article whose two related articles (its category's newest, which no other
 * fixture is) have the longest title and excerpt the schema allows.
 */
const longRead: FixtureArticle[] = [
  { id: 'long-read', category: 'Sustainability', publishedAt: '2030-06-01', body: longBody() },
  ...[1, 2].map((n) => ({
    id: `long-neighbour-${n}`,
    category: 'Sustainability',
    publishedAt: '2030-06-02',
    title: longest('title', `Neighbour ${n}`),
    excerpt: longest('excerpt', `The excerpt of neighbour ${n}`),
  })),
];

async function portrait(path: string) {
  const top = await sharp({ create: { width: PORTRAIT.width, height: PORTRAIT.marked, channels: 3, background: RED } })
    .png()
    .toBuffer();
  await sharp({ create: { width: PORTRAIT.width, height: PORTRAIT.height, channels: 3, background: BLUE } })
    .composite([{ input: top, top: 0, left: 0 }])
    .png()
    .toFile(path);
}

async function writeFixtures(copy: string) {
  const dir = join(copy, 'src/content/articles');
  writeArticles(copy, [...publication, ...pictures, ...longRead]);
  await portrait(join(dir, 'focus-top.png'));
  await portrait(join(dir, 'focus-default.png'));
  // The construct fixture, whose body has a picture of 2000 × 1125.
  writeFileSync(join(dir, 'every-construct.mdx'), readFileSync(join(projectRoot, 'tests/shared/every-construct.mdx')));
  copyFileSync(join(dir, 'moving-checklist-guide.png'), join(dir, 'every-construct.png'));
  mkdirSync(join(dir, 'every-construct'));
  await sharp({ create: { width: 2000, height: 1125, channels: 3, background: BLUE } })
    .png()
    .toFile(join(dir, 'every-construct/van.png'));
}

export interface SharedBuild {
  copy: string;
  build: RunResult;
}

/** The shared copy and its build's result, building it on the first call of the run. */
export async function sharedBuild(): Promise<SharedBuild> {
  const runDir = inject('buildRunDir');
  const record = join(runDir, 'shared-build.json');
  if (existsSync(record)) return JSON.parse(readFileSync(record, 'utf8')) as SharedBuild;
  const copy = copyProject({ prefix: 'shiftly-build-fixtures-' });
  writeFileSync(join(runDir, COPY_NAMED), copy);
  await writeFixtures(copy);
  const built: SharedBuild = { copy, build: await buildIn(copy, { ARTICLES_TODAY: FIXTURE_TODAY }) };
  writeFileSync(record, JSON.stringify(built));
  return built;
}
