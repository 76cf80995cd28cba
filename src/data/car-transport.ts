import { CALL_BACK_WITHIN } from './promises';

/** Car transport is priced on request (issue 18): the price depends on the car, whether it runs and the route, so the quote asks those. */
export const CAR_RUNS = [
  { value: 'runs', label: 'Yes, it drives', hint: 'It can be driven on and off the trailer.' },
  { value: 'non-runner', label: 'No, it does not run', hint: 'We bring a winch. Tell us on the call if the wheels do not turn.' },
] as const;

export type CarRuns = (typeof CAR_RUNS)[number]['value'];

/** Only what step 1 itself says: the rest loads with the car's form, so the first visit stays light. */
export const CAR_STEP = {
  title: 'Tell us about the car',
  belongings: 'Moving household belongings as well?',
  belongingsButton: 'Get an estimate for your belongings',
} as const;

export const CAR_COPY = {
  ...CAR_STEP,
  intro:
    'A car is priced on request, because the price depends on the car, whether it runs and the route. Tell us those, and we will call you with a price.',
  vehicleHint: 'For example, Ford Focus estate.',
  runsLegend: 'Does it run?',
  button: 'Ask for a car price',
  sent: `Thank you. We will call you ${CALL_BACK_WITHIN} with a price for the car.`,
  sentTitle: 'Car price requested',
} as const;

export const carRunsLabel = (value: string) => CAR_RUNS.find((r) => r.value === value)?.label ?? value;
