/**
 * The seed's reviews, every one a sample (`sample: true`): the home carousel shows four, /reviews all of them until
 * verified reviews from real moves are published (the Worker then shows those instead: functions/pages/reviews-page.ts).
 */

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
  /** From a booking we can check. */
  verified: boolean;
  /**
   * Written to show how reviews look, not from a real move (issue 19, item 6: reviews must not pretend). Labelled
   * "Sample review", and /reviews shows them only until the first verified review is published.
   */
  sample: boolean;
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
    verified: false,
    sample: true,
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
    verified: false,
    sample: true,
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
    verified: false,
    sample: true,
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
    verified: false,
    sample: true,
    location: 'Cardiff',
  },
];

/** More reviews for /reviews: shown after the carousel ones, in date order. */
export const moreReviews: readonly Review[] = [
  {
    id: 'sophie-w',
    name: 'Sophie W.',
    rating: 5,
    duration: '5 hours',
    price: 599,
    text: "Our flat was on the third floor with no lift. The crew didn't complain once, padded every doorway and even carried the washing machine down the stairs between two of them like it was nothing.",
    avatar: 'SW',
    background: 'bg-blue-50',
    date: '2024-03-09',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Edinburgh',
  },
  {
    id: 'daniel-o',
    name: 'Daniel O.',
    rating: 5,
    duration: '1 hour',
    price: 85,
    text: 'Bought a second-hand bookcase on Marketplace and had no way to collect it. Booked on a Wednesday evening, collected Thursday afternoon, blanket-wrapped and carried up to my spare room.',
    avatar: 'DO',
    background: 'bg-sky-50',
    date: '2024-03-05',
    service: 'Furniture moving',
    verified: false,
    sample: true,
    location: 'Nottingham',
  },
  {
    id: 'fiona-m',
    name: 'Fiona M.',
    rating: 5,
    duration: '7 hours',
    price: 1099,
    text: 'Full packing the day before was worth every penny. Two packers did the whole kitchen in under three hours and every box was labelled with the room it was going to.',
    avatar: 'FM',
    background: 'bg-indigo-50',
    date: '2024-02-26',
    service: 'Packing',
    verified: false,
    sample: true,
    location: 'Bath',
  },
  {
    id: 'raj-p',
    name: 'Raj P.',
    rating: 4,
    duration: '4 hours',
    price: 599,
    text: 'Moved our twelve-person office over a Saturday. Desks were dismantled and rebuilt in the right places from our floor plan. One monitor arm went missing but turned up in the van the next day.',
    avatar: 'RP',
    background: 'bg-cyan-50',
    date: '2024-02-21',
    service: 'Commercial moving',
    verified: false,
    sample: true,
    location: 'Reading',
  },
  {
    id: 'ellie-t',
    name: 'Ellie T.',
    rating: 5,
    duration: '2 hours',
    price: 199,
    text: "End of second year, from halls to a house share across Sheffield. Eleven boxes, a bike and a beanbag. The Mini Move was cheaper than hiring a van and I didn't have to drive it.",
    avatar: 'ET',
    background: 'bg-blue-50',
    date: '2024-02-12',
    service: 'Student moving',
    verified: false,
    sample: true,
    location: 'Sheffield',
  },
  {
    id: 'marcus-j',
    name: 'Marcus J.',
    rating: 5,
    duration: '3 hours',
    price: 349,
    text: 'Clear price, no upselling on the phone, and the driver sent a photo when everything was loaded. That little thing made me trust them completely.',
    avatar: 'MJ',
    background: 'bg-sky-50',
    date: '2024-02-08',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Bristol',
  },
  {
    id: 'grace-h',
    name: 'Grace H.',
    rating: 4,
    duration: '5 hours',
    price: 599,
    text: 'Good move overall. The van arrived forty minutes late because of an accident on the M6, but they rang me to say so and worked quickly to make up the time.',
    avatar: 'GH',
    background: 'bg-indigo-50',
    date: '2024-02-03',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Birmingham',
  },
  {
    id: 'owen-d',
    name: 'Owen D.',
    rating: 5,
    duration: '2 hours',
    price: 225,
    text: "Just a sofa from my mum's house in Swansea to mine. They took the feet off to get it through my narrow hallway and put them back on without being asked.",
    avatar: 'OD',
    background: 'bg-cyan-50',
    date: '2024-01-30',
    service: 'Furniture moving',
    verified: false,
    sample: true,
    location: 'Swansea',
  },
  {
    id: 'hannah-r',
    name: 'Hannah R.',
    rating: 5,
    duration: '1 hour',
    price: 79,
    text: "The materials-only kit arrived the next morning. The boxes are far sturdier than the supermarket ones I'd been collecting, and there were plenty of them.",
    avatar: 'HR',
    background: 'bg-blue-50',
    date: '2024-01-24',
    service: 'Packing',
    verified: false,
    sample: true,
    location: 'Leicester',
  },
  {
    id: 'liam-c',
    name: 'Liam C.',
    rating: 5,
    duration: '6 hours',
    price: 1099,
    text: 'Three-bed house in Glasgow with a piano. We declared it when booking as the insurance page suggests, and they arrived with a piano board and four people. Flawless.',
    avatar: 'LC',
    background: 'bg-sky-50',
    date: '2024-01-19',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Glasgow',
  },
  {
    id: 'zara-a',
    name: 'Zara A.',
    rating: 4,
    duration: '3 hours',
    price: 349,
    text: "Friendly, fast and careful. I knocked off a star only because I'd have liked the arrival window a bit narrower than two hours.",
    avatar: 'ZA',
    background: 'bg-indigo-50',
    date: '2024-01-16',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Oxford',
  },
  {
    id: 'peter-s',
    name: 'Peter S.',
    rating: 5,
    duration: '2 hours',
    price: 199,
    text: "Moved my late father's furniture into storage. The crew were patient and kind, and handled his old writing desk like it was their own.",
    avatar: 'PS',
    background: 'bg-cyan-50',
    date: '2024-01-10',
    service: 'Furniture moving',
    verified: false,
    sample: true,
    location: 'Norwich',
  },
  {
    id: 'chloe-b',
    name: 'Chloe B.',
    rating: 5,
    duration: '4 hours',
    price: 599,
    text: 'Booked three days ahead as the FAQ recommends and got exactly the date I wanted. Paid after the move by bank transfer with no fuss.',
    avatar: 'CB',
    background: 'bg-blue-50',
    date: '2024-01-06',
    service: 'Home removals',
    verified: false,
    sample: true,
    location: 'Brighton',
  },
  {
    id: 'amir-h',
    name: 'Amir H.',
    rating: 5,
    duration: '3 hours',
    price: 450,
    text: 'Moved the stock and shelving of our little bookshop to the unit two streets away. Closed Sunday, open Monday, nothing lost.',
    avatar: 'AH',
    background: 'bg-sky-50',
    date: '2024-01-03',
    service: 'Commercial moving',
    verified: false,
    sample: true,
    location: 'York',
  },
];

/** Every review on /reviews, newest first. */
export const reviews: readonly Review[] = [...carouselReviews, ...moreReviews].sort((a, b) => b.date.localeCompare(a.date));

/** How many reviews /reviews shows before Load More, and how many each press reveals. */
export const REVIEWS_PAGE_SIZE = 6;

/** Average scores from the survey every customer receives after their move (spec section 9). */
export const ratingBreakdown = [
  { label: 'Overall', value: 4.8 },
  { label: 'Communication', value: 4.7 },
  { label: 'Timeliness', value: 4.9 },
  { label: 'Value', value: 4.6 },
  { label: 'Care', value: 4.8 },
] as const;
