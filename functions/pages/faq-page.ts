/** GET /faq?q=…: the Help Centre searched without JavaScript, with the same matching as the page's script. */
import type { Context } from 'hono';
import { faqCategories } from '../../src/data/faqs';
import { PAGE_PATHS } from '../../src/lib/api';
import { FAQ_QUERY, faqItemKey, faqNeedle, faqStatus, matchingFaqKeys } from '../../src/lib/faq-search';
import type { AppBindings } from '../env';
import { filledPage, prebuiltPage } from '../lib/prebuilt-page';

export const isFaqSearch = (url: URL) => url.pathname === PAGE_PATHS.faq && url.searchParams.has(FAQ_QUERY.name);

export async function faqSearchPage(c: Context<AppBindings>): Promise<Response> {
  const term = (c.req.query(FAQ_QUERY.name) ?? '').slice(0, FAQ_QUERY.maxLength);
  const shown = matchingFaqKeys(faqCategories, term);
  const categories = new Set(
    faqCategories.filter((category) => category.items.some((_, index) => shown.has(faqItemKey(category.id, index)))).map(({ id }) => id),
  );
  const hide = (attribute: string, kept: Set<string>): HTMLRewriterElementContentHandlers => ({
    element(element) {
      if (!kept.has(element.getAttribute(attribute) ?? '')) element.setAttribute('hidden', '');
    },
  });
  const page = new HTMLRewriter()
    .on('[data-faq-item]', hide('data-faq-item', shown))
    .on('[data-faq-category]', hide('data-faq-category', categories))
    .transform(await prebuiltPage(c.env, c.req.url, PAGE_PATHS.faq));
  const fill = {
    text: { 'faq-term': term.trim(), 'faq-status': faqStatus(shown.size, term) },
    show: faqNeedle(term) && shown.size === 0 ? ['faq-empty'] : [],
    form: { values: new URLSearchParams({ [FAQ_QUERY.name]: term }) },
  };
  return filledPage(page, fill, 200);
}
