/**
 * The access at each end of a move (issue 18; priced by issue 41 item 3): four questions, and the one published table
 * that prices them. Under the DMCC Act 2024 every compulsory charge belongs in the first price shown, so the engine
 * (src/lib/pricing.ts) adds these charges line by line to every estimate; how-it-works and the terms print this table.
 */
import type { PackageId } from './packages';
import type { Provenance } from './provenance';

export const ACCESS_QUESTIONS = {
  floor: {
    label: 'Floor',
    options: [
      { value: 'ground', label: 'Ground floor or a house' },
      { value: 'first', label: '1st floor' },
      { value: 'second', label: '2nd floor' },
      { value: 'third', label: '3rd floor' },
      { value: 'fourth-plus', label: '4th floor or higher' },
    ],
  },
  lift: {
    label: 'Lift',
    options: [
      { value: 'yes', label: 'There is a lift we can use' },
      { value: 'no', label: 'No lift' },
    ],
  },
  parking: {
    label: 'Parking for the van',
    options: [
      { value: 'door', label: 'Right outside the door' },
      { value: 'under-20m', label: 'Less than 20 metres away' },
      { value: '20-50m', label: '20 to 50 metres away' },
      { value: 'over-50m', label: 'More than 50 metres away' },
    ],
  },
  carry: {
    label: 'Long carry',
    options: [
      { value: 'no', label: 'No' },
      { value: 'yes', label: 'Yes, over 20 metres' },
    ],
  },
} as const;

export type AccessQuestion = keyof typeof ACCESS_QUESTIONS;
export const ACCESS_KEYS = Object.keys(ACCESS_QUESTIONS) as AccessQuestion[];
export type AccessAnswers = Partial<Record<AccessQuestion, string>>;
/** Both ends' answers, as a quote stores them (null: nothing said at either end). */
export type MoveAccess = { from: AccessAnswers; to: AccessAnswers };

export type AccessEnd = 'from' | 'to';
export const ACCESS_ENDS: readonly AccessEnd[] = ['from', 'to'];
export const accessField = (end: AccessEnd, question: AccessQuestion) =>
  `${end}${question[0]!.toUpperCase()}${question.slice(1)}` as `${AccessEnd}${Capitalize<AccessQuestion>}`;

export type AccessFieldName = ReturnType<typeof accessField>;
export const ACCESS_FIELD_NAMES: readonly AccessFieldName[] = ACCESS_ENDS.flatMap((end) =>
  ACCESS_KEYS.map((question) => accessField(end, question)),
);

/** Beside the questions in the wizard and the plain form: what is priced, and what an unanswered question counts as. */
export const ACCESS_HINT =
  'Our access table prices stairs without a lift, a long carry (over 20 metres inside) and parking 20 metres or more away. Stairs count unless there is a lift.';

/** Where the table is printed for anyone to read (src/components/how-it-works/AccessPrices.astro). */
export const ACCESS_TABLE_HREF = '/how-it-works#access-prices';

// --- The price table ---

/** Whole pounds at each end of the move, by the size of the move: more to carry takes the crew longer. */
export interface AccessPrices {
  /** Each floor above the ground climbed without a lift; "4th floor or higher" counts as 4. */
  perFloor: number;
  longCarry: number;
  /** The van parks 20 to 50 metres from the door. */
  parkingFar: number;
  /** The van parks more than 50 metres from the door. */
  parkingVeryFar: number;
}

export const ACCESS_PRICES: Readonly<Record<PackageId, AccessPrices>> = {
  mini: { perFloor: 10, longCarry: 15, parkingFar: 15, parkingVeryFar: 30 },
  studio: { perFloor: 20, longCarry: 25, parkingFar: 25, parkingVeryFar: 50 },
  'two-bed': { perFloor: 30, longCarry: 40, parkingFar: 40, parkingVeryFar: 80 },
  'three-bed': { perFloor: 45, longCarry: 60, parkingFar: 60, parkingVeryFar: 120 },
};

/** `npm run launch-check` lists it until the business confirms the figures (src/data/launch-content.ts). */
export const ACCESS_PRICES_PROVENANCE: Provenance = {
  needsSource: true,
  needed:
    "the business's own access charges, confirmed by the owner: these figures were chosen as a plausible small firm's table, not taken from its price list",
};

/** The floors climbed for a floor answer ("4th floor or higher" counts as 4). */
export const FLOORS: Readonly<Record<string, number>> = { ground: 0, first: 1, second: 2, third: 3, 'fourth-plus': 4 };

/** One charge of the table at one end: whole pounds. */
export interface AccessCharge {
  end: AccessEnd;
  kind: 'stairs' | 'carry' | 'parking';
  /** Stairs: the floors climbed; parking: the answer priced ('20-50m' or 'over-50m'). */
  detail?: number | string;
  amount: number;
}

/** The table's rows as printed on how-it-works and the terms, each with its amount for every size. */
export const ACCESS_TABLE_ROWS: ReadonlyArray<{ charge: string; amount: (prices: AccessPrices) => number }> = [
  { charge: 'Stairs without a lift, for each floor above the ground (4th floor or higher counts as 4)', amount: (p) => p.perFloor },
  { charge: 'Long carry: more than 20 metres from the entrance to your door', amount: (p) => p.longCarry },
  { charge: 'Parking for the van 20 to 50 metres from the door', amount: (p) => p.parkingFar },
  { charge: 'Parking for the van more than 50 metres from the door', amount: (p) => p.parkingVeryFar },
];

/** What still changes a price once it is given: the words every page and e-mail use, and nothing else does. */
export const PRICE_CHANGES =
  'Your price includes everything on your list and the access you tell us about, priced by our published table. It changes only if the job changes: items that are not on your list, or access that is not as you told us, and only once we have agreed the new price with you in writing.';

export function describeAccess(answers: AccessAnswers | undefined): string {
  if (!answers) return '';
  const label = (question: AccessQuestion) =>
    ACCESS_QUESTIONS[question].options.find((option) => option.value === answers[question])?.label as string | undefined;
  const parts = [
    label('floor'),
    label('lift'),
    answers.parking ? `parking: ${label('parking')?.toLowerCase()}` : undefined,
    answers.carry ? `long carry: ${label('carry')?.toLowerCase()}` : undefined,
  ];
  const said = parts.filter((part): part is string => !!part);
  return said.map((part, i) => (i === 0 ? part : part[0]!.toLowerCase() + part.slice(1))).join(', ');
}
