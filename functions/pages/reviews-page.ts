/** /reviews (issue 19, item 6): until any review is published, the prebuilt page with its labelled sample reviews. */
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { astroPageAt } from '../lib/astro-page';
import { pageAsBuilt } from '../lib/prebuilt-page';
import { reviewsView } from './reviews-view';

export const REVIEWS_PATH = '/reviews';
/** The page with the published reviews, reached only through here. */
export const PUBLISHED_PAGE = '/reviews/published';
/** Published reviews change rarely: a copy may be kept for a few minutes. */
const CACHE = 'public, max-age=300';

export async function reviewsPage(c: Context<AppBindings>): Promise<Response> {
  const view = await reviewsView(c.env);
  if (!view) return pageAsBuilt(c.env, c.req.raw);
  return astroPageAt(c, PUBLISHED_PAGE, view, { headers: { 'Cache-Control': CACHE } });
}
