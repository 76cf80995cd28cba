import { describe, expect, it } from 'vitest';
import { FAQ_NO_MATCH, faqItemKey, faqStatus, filterFaqs, matchingFaqKeys } from '~/lib/faq-search';
import { faqCategories } from '~/data/faqs';

describe('filterFaqs', () => {
  it('returns every category for an empty or blank term', () => {
    expect(filterFaqs(faqCategories, '')).toEqual(faqCategories);
    expect(filterFaqs(faqCategories, '   ')).toEqual(faqCategories);
  });

  it('matches question and answer text regardless of case, and drops empty categories', () => {
    const answerOnly = faqCategories[1]!.items[0]!.answer.split(' ').slice(3, 6).join(' ');
    const byAnswer = filterFaqs(faqCategories, answerOnly.toUpperCase());
    expect(byAnswer.flatMap((c) => c.items)).toContainEqual(faqCategories[1]!.items[0]);
    for (const category of byAnswer) expect(category.items.length).toBeGreaterThan(0);
    const question = faqCategories[2]!.items[1]!.question;
    const byQuestion = filterFaqs(faqCategories, question.toLowerCase());
    expect(byQuestion.map((c) => c.title)).toEqual([faqCategories[2]!.title]);
  });

  it('returns nothing for a term that is nowhere', () => {
    expect(filterFaqs(faqCategories, 'zebra crossing hovercraft')).toEqual([]);
  });
});

describe('matchingFaqKeys: what a page that hides the other questions keeps', () => {
  it('names exactly the questions filterFaqs keeps, by category and place', () => {
    for (const term of ['', 'insur', 'BOOK', faqCategories[0]!.items[2]!.question, 'hovercraft']) {
      const expected = filterFaqs(faqCategories, term).flatMap((category) =>
        category.items.map((item) => faqItemKey(category.id, faqCategories.find((c) => c.id === category.id)!.items.indexOf(item))),
      );
      expect([...matchingFaqKeys(faqCategories, term)].sort(), term).toEqual(expected.sort());
    }
  });
});

describe('the words of a search', () => {
  it('say how many questions match, and nothing without a search', () => {
    expect(faqStatus(1, ' van ')).toBe('1 question matches “van”');
    expect(faqStatus(3, 'van')).toBe('3 questions match “van”');
    expect(faqStatus(9, '  ')).toBe('');
  });

  it("are the spec's no-match lines", () => {
    expect(`${FAQ_NO_MATCH.before}hovercraft${FAQ_NO_MATCH.after}`).toBe('No FAQs found matching "hovercraft"');
    expect(FAQ_NO_MATCH.hint).toBe('Try a different search term or browse all categories above.');
  });
});
