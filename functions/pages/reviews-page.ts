/** /reviews (issue 19, item 6): until any review is published, the prebuilt page with its labelled sample reviews. */
import type { Context } from 'hono';
import { starPaths, starsLabel, STARS_VIEWBOX } from '../../src/lib/stars';
import type { AppBindings } from '../env';
import { escapeHtml as e } from '../lib/escape';
import { filledPage, pageAsBuilt, prebuiltPage } from '../lib/prebuilt-page';

type PageContext = Context<AppBindings>;

export const REVIEWS_PATH = '/reviews';
const SHOWN = 120;
/** Published reviews change rarely: a copy may be kept for a few minutes. */
const CACHE = 'public, max-age=300';

interface PublishedReview {
  rating: number;
  text: string;
  name: string;
  service: string;
  move_date: string;
}

export const verifiedMoveLine = (moveDate: string) =>
  `Verified move, ${new Date(`${moveDate}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`;

function stars(rating: number): string {
  const { filled, empty } = starPaths(rating);
  return `<svg class="h-4 w-[5.5rem]" viewBox="${STARS_VIEWBOX}" role="img" aria-label="${e(starsLabel(rating))}" stroke-width="2" stroke-linejoin="round">${
    filled ? `<path class="text-accent-500" d="${filled}" fill="currentColor" stroke="currentColor"></path>` : ''
  }${empty ? `<path class="text-slate-300" d="${empty}" fill="none" stroke="currentColor"></path>` : ''}</svg>`;
}

/** Copies the markup of ReviewList.astro's model row. */
const reviewRow = (review: PublishedReview) =>
  `<li class="card flex flex-col" data-review tabindex="-1"><div class="flex flex-wrap items-center justify-between gap-2"><h3 class="text-base">${e(review.name)}</h3>${stars(review.rating)}</div><p class="mt-3 flex-1 break-words whitespace-pre-line">${e(review.text)}</p><p class="mt-4 flex flex-wrap items-center gap-2 text-sm"><span class="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">${e(review.service)}</span><span class="font-medium text-success">${e(verifiedMoveLine(review.move_date))}</span></p></li>`;

export async function reviewsPage(c: PageContext): Promise<Response> {
  const db = c.env.DB;
  const [{ results }, totals] = await Promise.all([
    db
      .prepare(
        "SELECT rating, text, name, service, move_date FROM move_reviews WHERE status = 'published' ORDER BY decided_at DESC, id DESC LIMIT ?",
      )
      .bind(SHOWN)
      .all<PublishedReview>(),
    db
      .prepare("SELECT COUNT(*) AS count, AVG(rating) AS average FROM move_reviews WHERE status = 'published'")
      .first<{ count: number; average: number | null }>(),
  ]);
  if (results.length === 0 || !totals?.average) {
    return pageAsBuilt(c.env, c.req.raw);
  }
  const count = totals.count;
  const page = await prebuiltPage(c.env, c.req.url, REVIEWS_PATH);
  const filled = filledPage(
    page,
    {
      text: {
        'rating:title': 'Verified reviews',
        'rating:overall': (Math.round(totals.average * 10) / 10).toFixed(1),
        'rating:label': `average out of 5, from ${count.toLocaleString('en-GB')} verified ${count === 1 ? 'move' : 'moves'}`,
      },
    },
    200,
    { 'Cache-Control': CACHE },
  );
  return new HTMLRewriter()
    .on('[data-samples-only]', {
      element(element) {
        element.remove();
      },
    })
    .on('[data-review-list]', {
      element(element) {
        element.setInnerContent(results.map(reviewRow).join(''), { html: true });
      },
    })
    .transform(filled);
}
