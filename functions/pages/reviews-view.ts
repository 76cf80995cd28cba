// What /reviews shows once verified reviews are published (issue 19, item 6): the newest of them and their average;
// data only, the markup is in src/components/reviews. Until any is published, the labelled samples.
import type { Env } from '../env';
import type { PublishedReview, ReviewsView } from '~/lib/views/reviews';

const SHOWN = 120;

export const verifiedMoveLine = (moveDate: string) =>
  `Verified move, ${new Date(`${moveDate}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`;

export async function reviewsView(env: Env): Promise<ReviewsView | null> {
  const [{ results }, totals] = await Promise.all([
    env.DB.prepare(
      "SELECT rating, text, name, service, move_date FROM move_reviews WHERE status = 'published' ORDER BY decided_at DESC, id DESC LIMIT ?",
    )
      .bind(SHOWN)
      .all<Omit<PublishedReview, 'verified'> & { move_date: string }>(),
    env.DB.prepare("SELECT COUNT(*) AS count, AVG(rating) AS average FROM move_reviews WHERE status = 'published'").first<{
      count: number;
      average: number | null;
    }>(),
  ]);
  if (results.length === 0 || !totals?.average) return null;
  const { count, average } = totals;
  return {
    overall: (Math.round(average * 10) / 10).toFixed(1),
    label: `average out of 5, from ${count.toLocaleString('en-GB')} verified ${count === 1 ? 'move' : 'moves'}`,
    reviews: results.map(({ move_date, ...review }) => ({ ...review, verified: verifiedMoveLine(move_date) })),
  };
}
