/**
 * The Help Centre's search as the reader types (src/components/faq/FaqSearch.astro loads this when the box first
 * takes focus): it hides the questions that do not match and the categories left empty, and says so, in the page's
 * own markup, as the Worker does for the form sent without JavaScript. A topic chosen during a search shows every
 * question again, as its link does without JavaScript. One question open at a time is the questions' own
 * (`<details name>`), with or without this.
 */
import { faqMatches, faqNeedle, faqStatus } from '~/lib/faq-search';

export function enhanceFaqSearch(input: HTMLInputElement): void {
  const list = document.querySelector<HTMLElement>('[data-faq-list]');
  if (!list) return;
  const items = Array.from(list.querySelectorAll<HTMLElement>('[data-faq-item]'), (element) => ({
    element,
    question: element.querySelector('summary')?.textContent ?? '',
    answer: element.querySelector('summary + *')?.textContent ?? '',
  }));
  const categories = list.querySelectorAll<HTMLElement>('[data-faq-category]');
  const empty = list.querySelector<HTMLElement>('[data-faq-empty]');
  const term = list.querySelector('[data-fill="faq-term"]');
  const status = list.querySelector('[data-fill="faq-status"]');

  const apply = () => {
    const needle = faqNeedle(input.value);
    let count = 0;
    for (const item of items) {
      item.element.hidden = !!needle && !faqMatches(needle, item.question, item.answer);
      if (!item.element.hidden) count++;
    }
    for (const category of categories) category.hidden = !category.querySelector('[data-faq-item]:not([hidden])');
    if (empty) empty.hidden = count > 0;
    if (term) term.textContent = input.value.trim();
    if (status) status.textContent = faqStatus(count, input.value);
  };

  input.addEventListener('input', apply);
  // Before the browser follows the link to its category: the category must be there.
  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest('[data-faq-topic]') || !input.value) return;
    input.value = '';
    apply();
  });
  // Enter filters here rather than asking the Worker for the same page.
  input.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  apply();
}
