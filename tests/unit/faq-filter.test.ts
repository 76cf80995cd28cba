import { describe, expect, it } from 'vitest';
import { filterFaqs } from '~/islands/faq-search/filter';
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
