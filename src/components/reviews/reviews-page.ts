import { site } from '~/site.config';

/** /reviews' title and description, the same prebuilt (the samples) and once reviews are published (/reviews/published). */
export const REVIEWS_PAGE = {
  title: 'Customer reviews',
  description: `Reviews of moves booked with ${site.brand}: each published review is from a verified move, with its rating, what was moved and the month.`,
  keywords: ['Shiftly reviews', 'removal company reviews', 'moving reviews UK', 'customer ratings'],
  publicPath: '/reviews',
};
