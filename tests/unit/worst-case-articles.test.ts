/**
 * Issue 31 item 1: the articles the page budgets measure as the heaviest the schema allows are valid articles, every
 * text field at its longest, each with the other two as its related articles, and a body with every construct the
 * article check accepts. Written into a temporary copy of the project.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../scripts/lib/project-copy.mjs';
import { WORST_CASE_TODAY, worstCaseIds, worstCasePage, writeWorstCaseArticles } from '../../scripts/lib/worst-case-articles.mjs';
import { articleTextLimits } from '~/content/article-schema';
import { checkArticles } from '~/content/checks';
import { readFrontmatter } from '~/content/checks/frontmatter';
import { relatedArticles } from '~/lib/articles';
import { readCollection } from '../shared/article-collection';

let copy: string;

beforeAll(async () => {
  copy = copyProject({ prefix: 'shiftly-worst-case-', cold: true });
  await writeWorstCaseArticles(copy);
}, 120_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the heaviest articles the schema allows', () => {
  // The whole check of a copy, each body opened in the browser editor's code: seconds, more on a busy machine.
  it('pass the article check', { timeout: 120_000 }, async () => {
    expect((await checkArticles({ root: copy, today: WORST_CASE_TODAY })).problems).toEqual([]);
  });

  it('have every text field at its longest', () => {
    for (const id of worstCaseIds) {
      const { data } = readFrontmatter(readFileSync(join(copy, `src/content/articles/${id}.mdx`), 'utf8'))!;
      for (const [field, { max }] of Object.entries(articleTextLimits)) expect(String(data[field]).length, `${id} ${field}`).toBe(max);
    }
  });

  it('are each other’s related articles, the page measured among them', () => {
    const all = readCollection(copy).map((article) => ({ ...article, category: article.category as never }));
    const measured = all.find((article) => `/articles/${article.id}` === worstCasePage)!;
    const related = relatedArticles(all, measured).map((article) => article.id);
    expect(related.sort()).toEqual(worstCaseIds.filter((id) => id !== measured.id).sort());
  });

  it('carry a table, a footnote, lists, a picture and the inline tags in the body', () => {
    const body = readFileSync(join(copy, `src/content/articles/${worstCaseIds[0]}.mdx`), 'utf8');
    for (const construct of ['| ------ |', '[^1]:', '- **', '1. ', '![', '<abbr', '<kbd>', '<sup>', '## ', '### '])
      expect(body, construct).toContain(construct);
  });
});
