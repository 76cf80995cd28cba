/** Issue 32 item 1: what the articles search's on-demand page shows, from the prebuilt index (functions/pages/article-search-view.ts). */
import { describe, expect, it } from 'vitest';
import { articleSearchView, isArticleSearch } from '../../functions/pages/article-search-view';
import type { ArticleCardData, ArticleSearchEntry } from '../../src/lib/articles';

/** Eleven articles, newest first; every one but a5 mentions tape, so "tape" finds ten: nine on page 1, a10 on page 2. */
const index: ArticleSearchEntry[] = Array.from({ length: 11 }, (_, i) => {
  const category = i % 2 ? 'Packing Tips' : 'Moving Tips';
  const card = { id: `a${i}`, title: `Article ${i}` } as ArticleCardData;
  return { id: `a${i}`, category, text: `article ${i} ${i === 5 ? 'boxes' : 'tape'} ${category.toLowerCase()}`, card };
});
const view = (query: string) => articleSearchView(index, new URL(`https://shiftly.example/articles?${query}`));
const shown = (query: string) => view(query).cards.map((card) => card.id);

describe('the articles search view', () => {
  it('shows a page of matching cards in the index order, with the count and the links that keep the search', () => {
    expect(shown('q=tape')).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a6', 'a7', 'a8', 'a9']);
    expect(view('q=tape')).toMatchObject({ total: 10, page: 1, pages: 2, links: { prev: undefined, next: '/articles?q=tape&page=2' } });
    expect(shown('q=tape&page=2')).toEqual(['a10']);
    expect(view('q=tape&page=2').links).toEqual({ prev: '/articles?q=tape', next: undefined });
    // Past the end: the last page.
    expect(view('q=tape&page=7')).toMatchObject({ page: 2, cards: [{ id: 'a10' }] });
  });

  it('keeps what was typed for the form, and links with the trimmed words and the category as the list spells it', () => {
    const found = view('q=+TAPE+&category=packing+tips');
    expect(found.filter).toEqual({ q: ' TAPE ', category: 'Packing Tips' });
    // a1, a3, a7, a9: the odd articles with tape (a5 has none).
    expect(found.cards.map((card) => card.id)).toEqual(['a1', 'a3', 'a7', 'a9']);
    expect(found.pages).toBe(1);
    expect(view('category=Moving+Tips').total).toBe(6);
    expect(view('q=+tape+').links.next).toBe('/articles?q=tape&page=2');
    expect(view('q=+tape+&page=2').links.prev).toBe('/articles?q=tape');
  });

  it('shows nothing found as no cards and one page', () => {
    expect(view('q=zzqx')).toMatchObject({ total: 0, page: 1, pages: 1, cards: [], links: {} });
  });

  it('is asked for only at /articles with words or a known category', () => {
    const asks = (path: string) => isArticleSearch(new URL(`https://shiftly.example${path}`));
    expect(asks('/articles?q=tape')).toBe(true);
    expect(asks('/articles?category=moving%20tips')).toBe(true);
    expect(asks('/articles?q=+')).toBe(false);
    expect(asks('/articles?category=Gardening')).toBe(false);
    expect(asks('/articles?page=2')).toBe(false);
    expect(asks('/articles/page/2?q=tape')).toBe(false);
  });
});
