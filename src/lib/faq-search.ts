/**
 * The FAQ search (spec: case-insensitive on question and answer text, empty categories hidden, and its two no-match
 * lines), shared by the Worker, which answers /faq?q=… without JavaScript (functions/pages/faq-page.ts), and the
 * page's small script, which filters as the reader types (src/scripts/faq-search.ts).
 */
import type { FaqCategory } from '~/data/faqs';

/** The search form's field, and its longest accepted term. */
export const FAQ_QUERY = { name: 'q', maxLength: 100 } as const;

/** The spec's lines when nothing matches a non-empty search: 'No FAQs found matching "{term}"' and a hint. */
export const FAQ_NO_MATCH = {
  before: 'No FAQs found matching "',
  after: '"',
  hint: 'Try a different search term or browse all categories above.',
} as const;

/** The term as it is compared: trimmed, lower case; empty means no search. */
export const faqNeedle = (term: string): string => term.trim().toLocaleLowerCase('en-GB');

/** Whether a question matches the needle (`faqNeedle`): in its question or its answer, whatever the case. */
export const faqMatches = (needle: string, question: string, answer: string): boolean =>
  `${question}\n${answer}`.toLocaleLowerCase('en-GB').includes(needle);

/** What screen readers hear after a search: how many questions match. */
export const faqStatus = (count: number, term: string): string =>
  term.trim() ? `${count} ${count === 1 ? 'question matches' : 'questions match'} “${term.trim()}”` : '';

/** A question's key in the page (`data-faq-item`): its category and place. */
export const faqItemKey = (categoryId: string, index: number): string => `${categoryId}-${index}`;

/** The categories with the questions that match `term`; categories left empty are dropped. */
export function filterFaqs(categories: readonly FaqCategory[], term: string): FaqCategory[] {
  const needle = faqNeedle(term);
  if (!needle) return [...categories];
  return categories
    .map((category) => ({ ...category, items: category.items.filter((item) => faqMatches(needle, item.question, item.answer)) }))
    .filter((category) => category.items.length > 0);
}

/** The keys of the questions that match `term` (`faqItemKey`), for a page that hides the others. */
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
