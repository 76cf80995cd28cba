/**
 * Everything the site states about the company that a sceptical customer could check (issue 30, item 12): the marketing
 * claims, the company's details, press mentions, retail partners, the leadership team, the survey scores and the sample
 * reviews. Each item says where it comes from (`source`: a URL or a document) or that it still needs one (`needsSource`,
 * with what would do). `npm run launch-check` lists every item still waiting and stops a deploy while any is; a press
 * mention or a partner without a source is never shown (`shownPress`, `shownPartners`). Never invent a source.
 * With its extensions: scripts/launch-check.mjs runs it in Node as it is.
 */

// The access table's figures are the business's own to confirm (issue 41 item 3); they live beside the table they price.
import { ACCESS_PRICES_PROVENANCE } from './access.ts';
import { isSourced, type Provenance } from './provenance.ts';

export { isSourced, type Provenance };

/** The values stay plain objects beside their sources, so a page or island that shows a value carries no source text. */
type SourcesOf<T> = { readonly [K in keyof T]-?: Provenance };

// --- The company ---

export const company = {
  legalName: 'Shiftly Moving Ltd',
  number: '09473021',
  registeredIn: 'England and Wales',
  address: { street: '14 Wharf Road', locality: 'London', postcode: 'N1 7GR', country: 'GB', countryName: 'United Kingdom' },
  foundedYear: 2020,
  phone: { display: '020 7946 0321', tel: '+442079460321' },
  email: 'hello@shiftly.example',
} as const;

const COMPANIES_HOUSE = 'the Companies House record of the company (find-and-update.company-information.service.gov.uk)';

export const companySources: SourcesOf<typeof company> = {
  legalName: { needsSource: true, needed: COMPANIES_HOUSE },
  number: { needsSource: true, needed: COMPANIES_HOUSE },
  registeredIn: { needsSource: true, needed: COMPANIES_HOUSE },
  address: { needsSource: true, needed: `the registered office on ${COMPANIES_HOUSE}` },
  foundedYear: { needsSource: true, needed: `the date of incorporation on ${COMPANIES_HOUSE}` },
  phone: { needsSource: true, needed: 'a real number the team answers: 020 7946 0xxx numbers are reserved by Ofcom for drama' },
  email: { needsSource: true, needed: 'a real mailbox: .example addresses never receive mail' },
};

// --- Marketing claims (spec section 1, reconciled by issue 14; no "24/7": the hours are src/data/promises.ts) ---

/** One plausible set (issue 14): 15,000+ moves from 170,000+ quotes, so quotes are never "customers" (tests/e2e/claims.spec.ts). */
export const claims = {
  since: `${company.foundedYear}`,
  moves: '15,000+',
  quotes: '170,000+',
  vehicles: '500+',
  team: '200+',
  /** Public review sites, shown as `ratingText`. */
  rating: '4.9',
  ratingOutOf: '5',
  reviewCount: '2,500+',
  /** The two above as numbers, for structured data (tests/unit/site-config.test.ts holds them equal). */
  ratingValue: 4.9,
  reviewCountValue: 2500,
  surveyScore: '4.8',
  completionRate: '99%',
  satisfaction: '99%',
  drivers: {
    averageHourly: '£25',
    hourlyRange: '£15-30',
    topWeekly: 'over £1,000',
    /** Applications, not active drivers: far more apply than pass the checks, which is why 500+ vans is not a contradiction. */
    applicants: '10,000+',
    rating: '4.8',
  },
} as const;

const SURVEY = 'the post-move survey results: the figure, how many answered and over what period';
const REVIEW_SITE = 'the public review site page (its address) showing the rating and the number of reviews';
const DRIVER_PAY = 'driver payment records for a stated period';

type Claimed = Exclude<keyof typeof claims, 'drivers' | 'since' | 'ratingOutOf' | 'ratingValue' | 'reviewCountValue'>;

/** `since` is the founded year's, `ratingValue` and `reviewCountValue` the rating's and count's, `ratingOutOf` a scale. */
export const claimSources: SourcesOf<Pick<typeof claims, Claimed>> = {
  moves: { needsSource: true, needed: 'a count of completed moves from the booking records, with the date counted' },
  quotes: { needsSource: true, needed: 'a count of quotes given from the quote records, with the date counted' },
  vehicles: { needsSource: true, needed: 'the register of vans used by the crews we work with' },
  team: { needsSource: true, needed: 'a headcount of staff and contracted crew members' },
  rating: { needsSource: true, needed: REVIEW_SITE },
  reviewCount: { needsSource: true, needed: REVIEW_SITE },
  surveyScore: { needsSource: true, needed: SURVEY },
  completionRate: { needsSource: true, needed: 'the booking records: moves completed on the day out of those booked' },
  satisfaction: { needsSource: true, needed: SURVEY },
};

export const driverClaimSources: SourcesOf<typeof claims.drivers> = {
  averageHourly: { needsSource: true, needed: DRIVER_PAY },
  hourlyRange: { needsSource: true, needed: DRIVER_PAY },
  topWeekly: { needsSource: true, needed: DRIVER_PAY },
  applicants: { needsSource: true, needed: 'a count of driver applications received, with the date counted' },
  rating: { needsSource: true, needed: 'the average of the ratings customers gave drivers, from the rating records' },
};

/** Average scores from the survey every customer receives after their move (spec section 9). */
export const ratingBreakdown = [
  { label: 'Overall', value: 4.8 },
  { label: 'Communication', value: 4.7 },
  { label: 'Timeliness', value: 4.9 },
  { label: 'Value', value: 4.6 },
  { label: 'Care', value: 4.8 },
] as const;
export const ratingBreakdownProvenance: Provenance = { needsSource: true, needed: SURVEY };

// --- Press and partners: shown only once sourced ---

export type PressItem = {
  /** The publication's name, shown as plain text (we have no right to anyone's logo). */
  publication: string;
  headline: string;
} & Provenance;

const INVENTED_PRESS = 'a link to the published article, or delete it: the publication was made up for the demo';

/** The home page's press section shows the sourced ones, linked to their `source`, and is left out while there are none. */
export const press: readonly PressItem[] = [
  {
    publication: 'The Property Ledger',
    headline: 'The removals start-up that shows you the price before you pick up the phone',
    needsSource: true,
    needed: INVENTED_PRESS,
  },
  {
    publication: 'Northern Business Weekly',
    headline: 'How Shiftly matches local vans with moves across the North',
    needsSource: true,
    needed: INVENTED_PRESS,
  },
  {
    publication: 'Move Smart Magazine',
    headline: 'Five honest quoting tools for your next house move, rated',
    needsSource: true,
    needed: INVENTED_PRESS,
  },
];

export const shownPress = /* @__PURE__ */ press.filter(isSourced);

export type Partner = { name: string } & Provenance;

const INVENTED_PARTNER = 'the signed partnership agreement (or written permission to name them), or delete it: the name was made up';

/** Retailers whose deliveries drivers can pick up, on /drivers; the section is left out while none is sourced. */
export const partnerRetailers: readonly Partner[] = [
  { name: 'Oakhouse Furniture Co.', needsSource: true, needed: INVENTED_PARTNER },
  { name: 'Hearth & Home', needsSource: true, needed: INVENTED_PARTNER },
  { name: 'Northgate Interiors', needsSource: true, needed: INVENTED_PARTNER },
  { name: 'The Sofa Workshop Collective', needsSource: true, needed: INVENTED_PARTNER },
  { name: 'Bramble Garden Supplies', needsSource: true, needed: INVENTED_PARTNER },
  { name: 'Kingsway Appliances', needsSource: true, needed: INVENTED_PARTNER },
];

export const shownPartners = /* @__PURE__ */ partnerRetailers.filter(isSourced);

// --- The leadership team on /about ---

export type TeamMember = {
  id: string;
  name: string;
  role: string;
  bio: string;
  initials: string;
  /** Colours for the drawn avatar: background, shirt, hair and skin. */
  palette: readonly [string, string, string, string];
} & Provenance;

const INVENTED_PERSON = 'a real person’s name, role and story, with their consent to be shown: this one was made up';

/** Avatars are drawn SVGs, never photos. */
export const team: readonly TeamMember[] = [
  {
    id: 'hannah-okafor',
    name: 'Hannah Okafor',
    role: 'Co-founder and Chief Executive',
    bio: 'Ran logistics for a national furniture retailer for nine years, then moved house four times in three years and decided the quoting had to change.',
    initials: 'HO',
    palette: ['#dbe7fe', '#1d3bd8', '#2b1a12', '#8d5a3b'],
    needsSource: true,
    needed: INVENTED_PERSON,
  },
  {
    id: 'callum-reid',
    name: 'Callum Reid',
    role: 'Co-founder and Chief Operating Officer',
    bio: 'Drove his own Luton van out of Glasgow for six years. Now looks after the crews, the vans and the standards every move is held to.',
    initials: 'CR',
    palette: ['#fef3c7', '#b45309', '#a4491f', '#f3d2b8'],
    needsSource: true,
    needed: INVENTED_PERSON,
  },
  {
    id: 'meera-shah',
    name: 'Meera Shah',
    role: 'Chief Technology Officer',
    bio: 'Built pricing systems for a rail operator. She is the reason your estimate is worked out from the distance between your postcodes rather than a guess.',
    initials: 'MS',
    palette: ['#dcfce7', '#15803d', '#111111', '#c68d62'],
    needsSource: true,
    needed: INVENTED_PERSON,
  },
];

// --- Sample reviews ---

interface ReviewWords {
  id: string;
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  duration: string;
  /** Whole pounds: a total the price rules can give (tests/unit/launch-content.test.ts). */
  price: number;
  text: string;
  avatar: string;
  background: string;
  date: string;
  service: string;
  location: string;
}

export type Review = ReviewWords & {
  verified: boolean;
  /** Not from a real move, so labelled "Sample review" (issue 19, item 6: reviews must not pretend). */
  sample: boolean;
} & Provenance;

/** Shown, labelled, until verified reviews from real moves are published (functions/pages/reviews-page.ts). */
const SAMPLE = {
  verified: false,
  sample: true,
  needsSource: true,
  needed: 'a published review from a real move to show instead: this sample was written for the demo',
} as const;

/** Samples, each labelled, unverified and waiting for a real review (a call, so a bundle that shows none drops them whole). */
const samples = (reviews: readonly ReviewWords[]): readonly Review[] => reviews.map((review) => ({ ...review, ...SAMPLE }));

export const carouselReviews = /* @__PURE__ */ samples([
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
    location: 'Leeds',
  },
  {
    id: 'aisha-k',
    name: 'Aisha K.',
    rating: 5,
    duration: '2 hours',
    price: 486,
    text: 'I only had a sofa, a desk and about eight boxes going across Manchester. The Mini Move was perfect: booked on Tuesday, moved on Thursday, and the driver messaged me when he was twenty minutes away.',
    avatar: 'AK',
    background: 'bg-indigo-50',
    date: '2024-01-28',
    service: 'Furniture moving',
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
    location: 'Cardiff',
  },
]);

export const moreReviews = /* @__PURE__ */ samples([
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
    location: 'Edinburgh',
  },
  {
    id: 'daniel-o',
    name: 'Daniel O.',
    rating: 5,
    duration: '1 hour',
    price: 284,
    text: 'Bought a second-hand bookcase on Marketplace and had no way to collect it. Booked on a Wednesday evening, collected Thursday afternoon, blanket-wrapped and carried up to my spare room.',
    avatar: 'DO',
    background: 'bg-sky-50',
    date: '2024-03-05',
    service: 'Furniture moving',
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
    location: 'Birmingham',
  },
  {
    id: 'owen-d',
    name: 'Owen D.',
    rating: 5,
    duration: '2 hours',
    price: 424,
    text: "Just a sofa from my mum's house in Swansea to mine. They took the feet off to get it through my narrow hallway and put them back on without being asked.",
    avatar: 'OD',
    background: 'bg-cyan-50',
    date: '2024-01-30',
    service: 'Furniture moving',
    location: 'Swansea',
  },
  {
    id: 'hannah-r',
    name: 'Hannah R.',
    rating: 5,
    duration: '3 hours',
    price: 428,
    text: "We added the materials-only kit to our studio move and it arrived the next morning. The boxes are far sturdier than the supermarket ones I'd been collecting, and there were plenty of them.",
    avatar: 'HR',
    background: 'bg-blue-50',
    date: '2024-01-24',
    service: 'Packing',
    location: 'Leicester',
  },
  {
    id: 'liam-c',
    name: 'Liam C.',
    rating: 5,
    duration: '6 hours',
    price: 1099,
    text: 'Three-bed house in Glasgow with a piano. We mentioned it in the notes of our quote, as the insurance page suggests, and they arrived with a piano board and four people. Flawless.',
    avatar: 'LC',
    background: 'bg-sky-50',
    date: '2024-01-19',
    service: 'Home removals',
    location: 'Glasgow',
  },
  {
    id: 'zara-a',
    name: 'Zara A.',
    rating: 4,
    duration: '3 hours',
    price: 349,
    text: "Friendly, fast and careful. I knocked off a star only because I'd have liked to know a little sooner what time they would arrive.",
    avatar: 'ZA',
    background: 'bg-indigo-50',
    date: '2024-01-16',
    service: 'Home removals',
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
    location: 'York',
  },
]);

// --- For npm run launch-check ---

export interface LaunchItem {
  /** How launch-check names it: its table and key, or its name. */
  item: string;
  provenance: Provenance;
}

function tableItems<T extends object>(table: string, values: T, sources: SourcesOf<T>): LaunchItem[] {
  return (Object.keys(sources) as Array<keyof T & string>).map((key) => ({
    item: `${table}.${key} (${JSON.stringify(values[key])})`,
    provenance: sources[key],
  }));
}

/** Every item of this file that states a fact, sourced or not. */
export function launchItems(): LaunchItem[] {
  return [
    ...tableItems('company', company, companySources),
    ...tableItems('claims', claims, claimSources),
    ...tableItems('claims.drivers', claims.drivers, driverClaimSources),
    { item: 'ratingBreakdown (the post-move survey scores)', provenance: ratingBreakdownProvenance },
    ...press.map((p) => ({ item: `press: ${p.publication}`, provenance: p })),
    ...partnerRetailers.map((p) => ({ item: `partnerRetailers: ${p.name}`, provenance: p })),
    ...team.map((person) => ({ item: `team: ${person.name}`, provenance: person })),
    ...[...carouselReviews, ...moreReviews].map((review) => ({ item: `review ${review.id} (${review.name})`, provenance: review })),
    { item: 'ACCESS_PRICES in src/data/access.ts (the access table on /how-it-works and the terms)', provenance: ACCESS_PRICES_PROVENANCE },
  ];
}

export const LAUNCH_CONTENT_FILE = 'src/data/launch-content.ts';

/** What launch-check prints, and whether the site may launch: every item sourced. */
export function launchReport(items: readonly LaunchItem[] = launchItems()): { ready: boolean; lines: string[] } {
  const waiting = items.filter((entry) => !isSourced(entry.provenance));
  if (waiting.length === 0)
    return { ready: true, lines: [`launch-check: all ${items.length} items in ${LAUNCH_CONTENT_FILE} have a source.`] };
  return {
    ready: false,
    lines: [
      `launch-check: ${waiting.length} of ${items.length} items still need a real source before launch.`,
      ...waiting.map(({ item, provenance }) => `${LAUNCH_CONTENT_FILE}: ${item}\n  needs ${provenance.needed ?? 'a source'}`),
    ],
  };
}
