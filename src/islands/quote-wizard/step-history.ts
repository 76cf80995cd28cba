/**
 * The wizard's steps in the browser's history (issue 14): Continue pushes an entry, so the browser's Back
 * button goes to the previous step and Forward returns to the next; a reload keeps the entry (and store.ts keeps
 * the answers). Entries the wizard did not make (a fragment link such as the error summary's, another page)
 * carry no step and are left alone.
 */
import { STEP_COUNT, type PricingState, type Step, type WizardState } from './store';

interface StepEntry {
  quoteStep: Step;
  /** Pushed by Continue on top of the previous step's entry, so the page's own Back button can go back to it. */
  pushed: boolean;
}

function isStep(value: unknown): value is Step {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= STEP_COUNT;
}

/** The wizard's entry in the history state, if this entry is one of the wizard's. */
export function readEntry(state: unknown): StepEntry | null {
  if (!state || typeof state !== 'object') return null;
  const { quoteStep, pushed } = state as Partial<StepEntry>;
  return isStep(quoteStep) ? { quoteStep, pushed: pushed === true } : null;
}

/** Keeps whatever else the entry's state holds. */
const withEntry = (entry: StepEntry) => ({ ...(history.state && typeof history.state === 'object' ? history.state : {}), ...entry });

export function pushStep(step: Step): void {
  history.pushState({ quoteStep: step, pushed: true } satisfies StepEntry, '');
}

export function replaceStep(step: Step, pushed = false): void {
  history.replaceState(withEntry({ quoteStep: step, pushed }), '');
}

/**
 * The furthest step the answers allow, by the rules Continue applies: an entry from earlier (Forward after an
 * answer was cleared, or an old entry after 'Request Another Quote') never shows a step the wizard could not reach.
 */
export function furthestStep(state: WizardState, pricing: PricingState): Step {
  if (!state.propertyId) return 1;
  if (!state.fromPostcode.trim() || !state.toPostcode.trim() || pricing.status === 'error') return 3;
  if (!state.moveDate) return 4;
  return 5;
}

/** Calls `onStep` with the step of every wizard entry the browser goes back or forward to. */
export function onStepPop(onStep: (entry: StepEntry) => void): () => void {
  const listener = (event: PopStateEvent) => {
    const entry = readEntry(event.state);
    if (entry) onStep(entry);
  };
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}
