/** Access questions for each end of a move (issue 18): the mover plans the crew and the time with them; they never change the estimate. */
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
} as const;

export type AccessQuestion = keyof typeof ACCESS_QUESTIONS;
export const ACCESS_KEYS = Object.keys(ACCESS_QUESTIONS) as AccessQuestion[];
export type AccessAnswers = Partial<Record<AccessQuestion, string>>;

export type AccessEnd = 'from' | 'to';
export const accessField = (end: AccessEnd, question: AccessQuestion) =>
  `${end}${question[0]!.toUpperCase()}${question.slice(1)}` as `${AccessEnd}${Capitalize<AccessQuestion>}`;

export type AccessFieldName = ReturnType<typeof accessField>;
export const ACCESS_FIELD_NAMES: readonly AccessFieldName[] = (['from', 'to'] as const).flatMap((end) =>
  ACCESS_KEYS.map((question) => accessField(end, question)),
);

export const ACCESS_HINT = 'Floors, lifts and parking help your mover plan the crew and the time. They do not change your estimate.';

export function describeAccess(answers: AccessAnswers | undefined): string {
  if (!answers) return '';
  const label = (question: AccessQuestion) =>
    ACCESS_QUESTIONS[question].options.find((option) => option.value === answers[question])?.label as string | undefined;
  const parts = [label('floor'), label('lift'), answers.parking ? `parking: ${label('parking')?.toLowerCase()}` : undefined];
  const said = parts.filter((part): part is string => !!part);
  return said.map((part, i) => (i === 0 ? part : part[0]!.toLowerCase() + part.slice(1))).join(', ');
}
