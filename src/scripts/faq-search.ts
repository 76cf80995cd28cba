/** The Help Centre's search as the reader types, in the page's own markup, as the Worker does for the form sent without JavaScript. */
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
  // Clear before the browser follows the topic's link, so its category is there.
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
