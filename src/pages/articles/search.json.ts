/** The search index the Worker filters: one entry per published article, newest first, with its card (functions/pages/article-search.ts). */
import { getArticles } from '~/data/articles';
import { articleCard } from '~/data/article-cards';
import { searchText, type ArticleSearchEntry } from '~/lib/articles';

export async function GET(): Promise<Response> {
  const index: ArticleSearchEntry[] = await Promise.all(
    (await getArticles()).map(async (article) => ({
      id: article.id,
      category: article.category,
      text: searchText(article),
      card: await articleCard(article),
    })),
  );
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
}
