import { describe, expect, it } from 'vitest';
import {
  articleCount,
  canonicalCategory,
  formatArticleDate,
  isFiltering,
  isPublished,
  listPagePath,
  matchesFilter,
  newestFirst,
  pageCount,
  pageLinks,
  pageOf,
  publicationDay,
  publicationState,
  relatedArticles,
  searchArticles,
  searchText,
  type ArticleSummary,
  type SearchEntry,
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

describe('publication (issue 17: drafts and scheduled articles)', () => {
  it('publishes an article from its own day on, never a draft', () => {
    const today = '2025-03-10';
    expect(publicationState({ publishedAt: '2025-03-09' }, today)).toBe('published');
    expect(publicationState({ publishedAt: '2025-03-10' }, today)).toBe('published');
    expect(publicationState({ publishedAt: '2025-03-11' }, today)).toBe('scheduled');
    expect(publicationState({ publishedAt: '2024-01-01', draft: true }, today)).toBe('draft');
    expect(isPublished({ publishedAt: '2025-03-11' }, '2025-03-11')).toBe(true);
  });

  it("takes the day from ARTICLES_TODAY, else today in the UK (not the machine's time zone)", () => {
    expect(publicationDay('2031-01-02')).toBe('2031-01-02');
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(publicationDay(undefined, new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(publicationDay('', new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(() => publicationDay('tomorrow')).toThrow('ARTICLES_TODAY must be a date written yyyy-mm-dd');
  });
});

describe('pages of the list', () => {
  it('counts pages (at least one) and addresses them /articles, /articles/page/2…', () => {
    expect([0, 1, 9, 10, 18, 19].map((n) => pageCount(n, 9))).toEqual([1, 1, 1, 2, 2, 3]);
    expect([1, 2, 7].map(listPagePath)).toEqual(['/articles', '/articles/page/2', '/articles/page/7']);
    expect(pageOf(['a', 'b', 'c', 'd', 'e'], 2, 2)).toEqual(['c', 'd']);
  });

  it('links the first, the last, and the current page with its neighbours, with gaps between', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageLinks(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // One missing page is shown rather than a gap standing for it.
    expect(pageLinks(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('search across every page', () => {
  const index: SearchEntry[] = Array.from({ length: 23 }, (_, i) => ({
    id: `a${i}`,
    category: i % 2 ? 'Packing Tips' : 'Moving Tips',
    text: searchText({
      title: `Article ${i}`,
      excerpt: i % 3 ? 'boxes and tape' : 'vans',
      category: i % 2 ? 'Packing Tips' : 'Moving Tips',
    }),
  }));

  it('keeps the order, pages the matches and shows the last page for one past the end', () => {
    const matches = index.filter((entry) => entry.text.includes('boxes'));
    const first = searchArticles(index, { q: 'BOXES', category: '' }, 1, 5);
    expect(first).toEqual({
      ids: matches.slice(0, 5).map((e) => e.id),
      total: matches.length,
      page: 1,
      pages: Math.ceil(matches.length / 5),
    });
    expect(searchArticles(index, { q: 'boxes', category: '' }, 99, 5).page).toBe(first.pages);
    expect(searchArticles(index, { q: 'boxes', category: '' }, Number('x'), 5).page).toBe(1);
  });

  it('combines the category, and answers nothing with one empty page', () => {
    const found = searchArticles(index, { q: 'vans', category: 'packing tips' }, 1, 50);
    expect(found.ids.every((id) => index.find((e) => e.id === id)!.category === 'Packing Tips')).toBe(true);
    expect(searchArticles(index, { q: 'nothing like this', category: '' }, 1)).toEqual({ ids: [], total: 0, page: 1, pages: 1 });
  });

  it('spells a category as the list does, whatever case it was asked in', () => {
    expect(canonicalCategory('moving TIPS', ['Moving Tips', 'Packing Tips'])).toBe('Moving Tips');
    expect(canonicalCategory('Gardening', ['Moving Tips'])).toBe('');
    expect([0, 1, 2].map(articleCount)).toEqual(['0 articles', '1 article', '2 articles']);
  });
});
