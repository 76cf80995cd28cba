/** What /reviews shows once verified reviews are published (functions/pages/reviews-view.ts builds it): data only. */

export interface PublishedReview {
  rating: number;
  text: string;
  name: string;
  service: string;
  /** "Verified move, March 2027". */
  verified: string;
}

export interface ReviewsView {
  /** The average to one decimal place, "4.5". */
  overall: string;
  /** "average out of 5, from 12 verified moves". */
  label: string;
  reviews: PublishedReview[];
}
