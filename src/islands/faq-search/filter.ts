import type { FaqCategory } from '~/data/faqs';

/** The categories with the questions whose question or answer contains `term` (case-insensitive); empty categories dropped. */
export function filterFaqs(categories: readonly FaqCategory[], term: string): FaqCategory[] {
  const needle = term.trim().toLocaleLowerCase('en-GB');
  if (!needle) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => `${item.question}\n${item.answer}`.toLocaleLowerCase('en-GB').includes(needle)),
    }))
    .filter((category) => category.items.length > 0);
}
