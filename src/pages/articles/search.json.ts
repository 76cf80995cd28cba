/** The search index the Worker filters: one entry per published article, newest first (functions/articles.ts). */
import { getArticles } from '~/data/articles';
import { searchText, type SearchEntry } from '~/lib/articles';

export async function GET(): Promise<Response> {
  const index: SearchEntry[] = (await getArticles()).map((article) => ({
    id: article.id,
    category: article.category,
    text: searchText(article),
  }));
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
}
