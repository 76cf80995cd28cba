/** The reviews page's list: the sample reviews of launch-content.ts, newest first, until real ones are published (functions/pages/reviews-page.ts). */
import { carouselReviews, moreReviews, type Review } from './launch-content';

export const reviews: readonly Review[] = [...carouselReviews, ...moreReviews].sort((a, b) => b.date.localeCompare(a.date));

/** Shown before Load More, and revealed by each press. */
export const REVIEWS_PAGE_SIZE = 6;
