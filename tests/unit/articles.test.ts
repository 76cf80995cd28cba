import { describe, expect, it } from 'vitest';
import {
  formatArticleDate,
  isFiltering,
  matchesFilter,
  newestFirst,
  relatedArticles,
  searchText,
  type ArticleSummary,
} from '~/lib/articles';

const article = (id: string, category: ArticleSummary['category'], publishedAt: string, title = id): ArticleSummary => ({
  id,
  title,
  excerpt: `About ${title}`,
  category,
  publishedAt,
  featured: false,
});

const all = [
  article('a', 'Organization', '2024-01-15'),
  article('b', 'Organization', '2024-02-12'),
  article('c', 'Organization', '2024-02-01'),
  article('d', 'Moving Tips', '2024-01-22'),
];

describe('newestFirst', () => {
  it('orders by publication date, newest first, without changing its input', () => {
    expect(newestFirst(all).map((a) => a.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(all.map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('breaks ties by title so the order is stable', () => {
    expect(
      newestFirst([article('z', 'Organization', '2024-01-01', 'Zebra'), article('y', 'Organization', '2024-01-01', 'Apple')]).map(
        (a) => a.id,
      ),
    ).toEqual(['y', 'z']);
  });
});

describe('relatedArticles', () => {
  it('returns up to two of the same category, never the article itself', () => {
    const related = relatedArticles(all, all[0]!);
    expect(related.map((a) => a.id)).toEqual(['b', 'c']);
  });

  it('returns none when no other article shares the category', () => {
    expect(relatedArticles(all, all[3]!)).toEqual([]);
  });

  it('returns only one when only one other shares the category', () => {
    expect(relatedArticles(all.slice(0, 2), all[0]!).map((a) => a.id)).toEqual(['b']);
  });
});

describe('formatArticleDate', () => {
  it('uses the long British format', () => {
    expect(formatArticleDate('2024-01-15')).toBe('15 January 2024');
    expect(formatArticleDate('2024-02-20')).toBe('20 February 2024');
  });
});

describe('filtering', () => {
  const haystack = searchText({ title: 'Packing Fragile Items', excerpt: 'Plates and GLASSES', category: 'Packing Tips' });

  it('matches title, excerpt and category case-insensitively', () => {
    for (const q of ['fragile', 'FRAGILE', 'glasses', 'packing tips', '  plates  '])
      expect(matchesFilter(haystack, 'Packing Tips', { q, category: '' }), q).toBe(true);
    expect(matchesFilter(haystack, 'Packing Tips', { q: 'wardrobe', category: '' })).toBe(false);
  });

  it('filters by category, case-insensitively, combined with the search', () => {
    expect(matchesFilter(haystack, 'Packing Tips', { q: '', category: 'packing tips' })).toBe(true);
    expect(matchesFilter(haystack, 'Packing Tips', { q: 'plates', category: 'Organization' })).toBe(false);
  });

  it('knows when a filter is active', () => {
    expect(isFiltering({ q: '', category: '' })).toBe(false);
    expect(isFiltering({ q: '  ', category: '' })).toBe(false);
    expect(isFiltering({ q: 'box', category: '' })).toBe(true);
    expect(isFiltering({ q: '', category: 'Sustainability' })).toBe(true);
  });
});
