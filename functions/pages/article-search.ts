/**
 * GET /articles?q=…&category=…&page=N: the list searched, rendered for the request by its twin
 * (src/pages/forms/articles.astro) from the prebuilt index, whose entries carry their cards (pictures made at build time).
 */
import type { Context } from 'hono';
import { ARTICLE_SEARCH, type ArticleSearchEntry } from '~/lib/articles';
import type { AppBindings } from '../env';
import { formTwinPath } from '../lib/form-answer';
import { pageAsSent } from '../lib/page-policy';
import { pageAsBuilt } from '../lib/prebuilt-page';
import { twinPage } from '../lib/astro-page';
import { ARTICLES_PATH, articleSearchView } from './article-search-view';

async function readIndex(assets: Fetcher, url: URL): Promise<ArticleSearchEntry[]> {
  const response = await assets.fetch(new Request(new URL(ARTICLE_SEARCH.index, url), { method: 'GET' }));
  if (!response.ok) throw new Error(`${ARTICLE_SEARCH.index} answered ${response.status}`);
  return (await response.json()) as ArticleSearchEntry[];
}

export async function articleSearch(c: Context<AppBindings>): Promise<Response> {
  const url = new URL(c.req.url);
  let index: ArticleSearchEntry[];
  try {
    index = await readIndex(c.env.ASSETS, url);
  } catch (error) {
    // A build without the index (or a broken one) still shows the list rather than an error page.
    console.error('article search failed', error);
    return pageAsBuilt(c.env, new Request(new URL(ARTICLES_PATH, url), c.req.raw));
  }
  // As sent like the move pages: its islands' sheets named (article-search.css leaves their classes out), its own hashes only.
  return pageAsSent(c.env, c.req.url, await twinPage(c, formTwinPath(ARTICLES_PATH), { view: articleSearchView(index, url) }));
}
