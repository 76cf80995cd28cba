/** GET /faq?q=…: the Help Centre searched without JavaScript (src/pages/forms/faq.astro), with the same matching as the page's script. */
import { faqCategories } from '~/data/faqs';
import { PAGE_PATHS } from '~/lib/api';
import { FAQ_QUERY, faqItemKey, faqNeedle, faqStatus, matchingFaqKeys } from '~/lib/faq-search';
import type { FaqSearchView } from '~/lib/views/forms';

export const isFaqSearch = (url: URL) => url.pathname === PAGE_PATHS.faq && url.searchParams.has(FAQ_QUERY.name);

export function faqSearchView(url: URL): FaqSearchView {
  const term = (url.searchParams.get(FAQ_QUERY.name) ?? '').slice(0, FAQ_QUERY.maxLength);
  const items = matchingFaqKeys(faqCategories, term);
  const categories = new Set(
    faqCategories.filter((category) => category.items.some((_, index) => items.has(faqItemKey(category.id, index)))).map(({ id }) => id),
  );
  return {
    view: {
      text: { 'faq-term': term.trim(), 'faq-status': faqStatus(items.size, term) },
      show: faqNeedle(term) && items.size === 0 ? ['faq-empty'] : [],
      values: [[FAQ_QUERY.name, term]],
    },
    shown: { items, categories },
  };
}
