/** Customer reviews. The home carousel shows the four `featured` ones; /reviews shows them all. */

export interface Review {
  id: string;
  name: string;
  /** 1 to 5 */
  rating: 1 | 2 | 3 | 4 | 5;
  /** How long the move took, as the customer remembers it. */
  duration: string;
  /** What the customer paid, in whole pounds. */
  price: number;
  text: string;
  /** Initials shown in the avatar circle. */
  avatar: string;
  /** Tailwind background class behind the card's illustration. */
  background: string;
  /** Reviews page extras */
  date: string;
  service: string;
  verified: boolean;
  location: string;
}

export const carouselReviews: readonly Review[] = [
  {
    id: 'priya-n',
    name: 'Priya N.',
    rating: 5,
    duration: '3 hours',
    price: 349,
    text: 'Two movers turned up ten minutes early, wrapped my mirror and bike without being asked, and had my studio in Walthamstow emptied before the lunchtime rain. The price was exactly what the quote said.',
    avatar: 'PN',
    background: 'bg-blue-50',
    date: '2024-03-02',
    service: 'Home removals',
    verified: true,
    location: 'London',
  },
  {
    id: 'tom-b',
    name: 'Tom B.',
    rating: 5,
    duration: '6 hours',
    price: 1099,
    text: 'Three-bed semi from Leeds to York with two vans. They dismantled the beds, labelled every bolt bag and rebuilt everything at the other end. Not one scratch on the banister, which is a first for us.',
    avatar: 'TB',
    background: 'bg-sky-50',
    date: '2024-02-17',
    service: 'Home removals',
    verified: true,
    location: 'Leeds',
  },
  {
    id: 'aisha-k',
    name: 'Aisha K.',
    rating: 5,
    duration: '2 hours',
    price: 199,
    text: 'I only had a sofa, a desk and about eight boxes going across Manchester. The Mini Move was perfect: booked on Tuesday, moved on Thursday, and the driver messaged me when he was twenty minutes away.',
    avatar: 'AK',
    background: 'bg-indigo-50',
    date: '2024-01-28',
    service: 'Furniture moving',
    verified: true,
    location: 'Manchester',
  },
  {
    id: 'gareth-l',
    name: 'Gareth L.',
    rating: 4,
    duration: '4 hours',
    price: 599,
    text: 'Moved our two-bed flat from Cardiff to Bristol on a Saturday. The weekend surcharge was shown up front, the team was friendly and careful, and the only hiccup was a parking bay we should have reserved ourselves.',
    avatar: 'GL',
    background: 'bg-cyan-50',
    date: '2024-01-13',
    service: 'Home removals',
    verified: true,
    location: 'Cardiff',
  },
];
