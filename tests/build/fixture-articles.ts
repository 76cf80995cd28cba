/** Articles for the build tests: valid by default (each test changes the one thing it is about). */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FixtureArticle {
  id: string;
  title?: string;
  excerpt?: string;
  category?: string;
  publishedAt?: string;
  /** Written without quotes, as editors (and Keystatic) often write it: publishedAt: 2024-03-01 */
  unquotedDate?: boolean;
  draft?: boolean;
  featured?: boolean;
  image?: string;
  body?: string;
  /** Extra frontmatter lines, written as they are. */
  extra?: string;
}

const BODY = `Moving home is easier with a plan. This fixture article has a heading, a list and a callout, like a real one.

## Before moving day

- **Book early:** vans go quickly at the end of the month.
- **Label boxes:** write the room on two sides.

**Keep the kettle, mugs and tea in a box you carry yourself.**
`;

/** The frontmatter and body of a valid article (an image ./<image> must exist beside it). */
export function articleSource(article: FixtureArticle): string {
  const title = article.title ?? `A fixture article called ${article.id}`;
  const day = article.publishedAt ?? '2024-03-01';
  return `---
title: '${title.replace(/'/g, "''")}'
excerpt: '${(article.excerpt ?? 'A fixture article for the build tests, written like a real one so that every rule of the schema is met.').replace(/'/g, "''")}'
category: ${article.category ?? 'Moving Tips'}
author: Fixture Writer
publishedAt: ${article.unquotedDate ? day : `'${day}'`}
image: ./${article.image ?? 'fixture.png'}
imageAlt: 'A blue removal van parked outside a terraced house.'
featured: ${article.featured ?? false}
${article.draft ? 'draft: true\n' : ''}${article.extra ?? ''}---

${article.body ?? BODY}`;
}

/** Writes articles into a copy's articles folder, with the shared fixture image beside them when one shows it (the check refuses a picture no article shows). */
export function writeArticles(
  copy: string,
  articles: readonly FixtureArticle[],
  name = (article: FixtureArticle) => `${article.id}.mdx`,
): void {
  const dir = join(copy, 'src/content/articles');
  if (articles.some((article) => article.image === undefined))
    copyFileSync(join(dir, 'moving-checklist-guide.png'), join(dir, 'fixture.png'));
  for (const article of articles) writeFileSync(join(dir, name(article)), articleSource(article));
}
