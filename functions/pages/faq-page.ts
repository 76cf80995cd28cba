/**
 * GET /faq?q={term}: the Help Centre searched without JavaScript (its search is a plain GET form). The prebuilt /faq
 * page with only the questions that match, case-insensitive on question and answer, the categories left empty hidden,
 * the spec's no-match lines when nothing does, and the term back in the box: what the page's script does as the
 * reader types, from the same matching (src/lib/faq-search.ts). The topics' links lead to the whole list.
 */
import type { Context } from 'hono';
import { faqCategories } from '../../src/data/faqs';
import { PAGE_PATHS } from '../../src/lib/api';
import { FAQ_QUERY, faqItemKey, faqNeedle, faqStatus, matchingFaqKeys } from '../../src/lib/faq-search';
import type { AppBindings } from '../env';
import { filledPage, prebuiltPage } from '../lib/prebuilt-page';

/** The Worker answers /faq itself only for a search (the page's address carries the term). */
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
