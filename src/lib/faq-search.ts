/** The FAQ search, shared by the Worker (/faq?q=… without JavaScript) and the page's script, which filters as the reader types. */
import type { FaqCategory } from '~/data/faqs';

export const FAQ_QUERY = { name: 'q', maxLength: 100 } as const;

export const FAQ_NO_MATCH = {
  before: 'No FAQs found matching "',
  after: '"',
  hint: 'Try a different search term or browse all categories above.',
} as const;

export const faqNeedle = (term: string): string => term.trim().toLocaleLowerCase('en-GB');

export const faqMatches = (needle: string, question: string, answer: string): boolean =>
  `${question}\n${answer}`.toLocaleLowerCase('en-GB').includes(needle);

/** What screen readers hear after a search. */
export const faqStatus = (count: number, term: string): string =>
  term.trim() ? `${count} ${count === 1 ? 'question matches' : 'questions match'} “${term.trim()}”` : '';

export const faqItemKey = (categoryId: string, index: number): string => `${categoryId}-${index}`;

export function filterFaqs(categories: readonly FaqCategory[], term: string): FaqCategory[] {
  const needle = faqNeedle(term);
  if (!needle) return [...categories];
  return categories
    .map((category) => ({ ...category, items: category.items.filter((item) => faqMatches(needle, item.question, item.answer)) }))
    .filter((category) => category.items.length > 0);
}

export function matchingFaqKeys(categories: readonly FaqCategory[], term: string): Set<string> {
  const needle = faqNeedle(term);
  return new Set(
    categories.flatMap((category) =>
      category.items.flatMap((item, index) =>
        !needle || faqMatches(needle, item.question, item.answer) ? [faqItemKey(category.id, index)] : [],
      ),
    ),
  );
}
