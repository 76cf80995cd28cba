// The wizard's steps as history entries (issue 14), so the browser's Back and Forward move between steps. Entries the
// wizard did not make (a fragment link such as the error summary's, another page) carry no step and are left alone.
import { STEP_COUNT, type PricingState, type Step, type WizardState } from './store';

interface StepEntry {
  quoteStep: Step;
  /** Pushed by Continue on top of the previous step's entry, so the page's own Back button can go back to it. */
  pushed: boolean;
}

function isStep(value: unknown): value is Step {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= STEP_COUNT;
}

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

/** The furthest step by Continue's rules, so an old entry (say, Forward after a cleared answer) never shows an unreachable one. */
export function furthestStep(state: WizardState, pricing: PricingState): Step {
  if (!state.propertyId) return 1;
  if (!state.fromPostcode.trim() || !state.toPostcode.trim() || pricing.status === 'error') return 3;
  if (!state.moveDate) return 4;
  return 5;
}

export function onStepPop(onStep: (entry: StepEntry) => void): () => void {
  const listener = (event: PopStateEvent) => {
    const entry = readEntry(event.state);
    if (entry) onStep(entry);
  };
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}
