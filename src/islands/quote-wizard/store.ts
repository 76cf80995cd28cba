/**
 * The wizard's state in nanostores, persisted to sessionStorage (WIZARD_KEY) so a reload or a
 * back-navigation keeps every answer. The server renders the defaults; the browser restores the saved
 * answers after hydration (restoreWizard), so the first client render matches the HTML.
 */
import { atom, map } from 'nanostores';
import type { PricingResult } from '~/lib/pricing';
import type { RouteErrorCode } from '~/lib/price-route';
import { readCarried, type CarriedRequest, type Prefill } from './prefill';
import { WIZARD_KEY } from './storage-keys';

export type Step = 1 | 2 | 3 | 4 | 5;
export const STEP_COUNT = 5;

export interface Answers {
  propertyId: string | null;
  furnitureIds: string[];
  fromPostcode: string;
  toPostcode: string;
  /** `YYYY-MM-DD`, a calendar day in the UK. */
  moveDate: string | null;
  name: string;
  email: string;
  phone: string;
  additionalInfo: string;
  promoCode: string;
}

export interface WizardState extends Answers {
  step: Step;
  /** Sent with the request (made by submitQuote on the first submit): a double click or a retry of the same request never makes two. */
  idempotencyKey: string;
  /** The request body the key was first used for; a changed request gets a fresh key. */
  keyBody: string;
  /** What a service page sent the customer here with (`/quote?service=…`), shown on step 1 as 'From your request'. */
  request: CarriedRequest | null;
}

export type { PlaceInfo } from '~/lib/price-route';
import type { PlaceInfo } from '~/lib/price-route';

export type PricingState =
  | { status: 'idle' }
  | { status: 'loading'; signature: string }
  | {
      status: 'success';
      signature: string;
      result: PricingResult;
      /** Unrounded miles, sent as the client's estimate. */
      distanceMiles: number;
      from: PlaceInfo;
      to: PlaceInfo;
      notes: string[];
    }
  | { status: 'error'; signature: string; code: RouteErrorCode; message: string; field: 'from' | 'to' | 'both' };

export const EMPTY_ANSWERS: Answers = {
  propertyId: null,
  furnitureIds: [],
  fromPostcode: '',
  toPostcode: '',
  moveDate: null,
  name: '',
  email: '',
  phone: '',
  additionalInfo: '',
  promoCode: '',
};

const initialState = (): WizardState => ({ ...EMPTY_ANSWERS, step: 1, idempotencyKey: '', keyBody: '', request: null });

export const $wizard = map<WizardState>(initialState());
export const $pricing = atom<PricingState>({ status: 'idle' });
/** True once the saved answers (if any) are back: the pricing effect waits for it. */
export const $restored = atom(false);

interface Saved {
  wizard: WizardState;
  pricing: PricingState;
}

function isStep(value: unknown): value is Step {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

/** Reads the saved answers, dropping anything malformed rather than failing. */
function load(): Saved | null {
  try {
    const raw = sessionStorage.getItem(WIZARD_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Saved>;
    const wizard = { ...initialState(), ...(saved.wizard ?? {}) };
    if (!isStep(wizard.step)) wizard.step = 1;
    if (!Array.isArray(wizard.furnitureIds)) wizard.furnitureIds = [];
    for (const key of [
      'fromPostcode',
      'toPostcode',
      'name',
      'email',
      'phone',
      'additionalInfo',
      'promoCode',
      'idempotencyKey',
      'keyBody',
    ] as const) {
      if (typeof wizard[key] !== 'string') wizard[key] = '';
    }
    wizard.request = readCarried(wizard.request);
    // Only a finished price is worth keeping; anything in flight is recalculated.
    const pricing: PricingState = saved.pricing?.status === 'success' ? saved.pricing : { status: 'idle' };
    return { wizard, pricing };
  } catch {
    return null;
  }
}

function save(): void {
  try {
    const saved: Saved = { wizard: $wizard.get(), pricing: $pricing.get() };
    sessionStorage.setItem(WIZARD_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the wizard still works, it just will not survive a reload.
  }
}

let persisting = false;

/**
 * Called once after hydration: brings back saved answers, then saves every change. A service page's request
 * (the prefill) starts at step 1, where the wizard shows what it carried over.
 */
export function restoreWizard(prefill?: Prefill): void {
  const saved = load();
  if (saved) {
    $wizard.set(saved.wizard);
    $pricing.set(saved.pricing);
  }
  if (prefill) $wizard.set({ ...$wizard.get(), ...prefill.answers, request: prefill.request, step: 1 });
  if (!persisting) {
    persisting = true;
    $wizard.listen(save);
    $pricing.listen(save);
  }
  save();
  $restored.set(true);
}

export function updateAnswers(patch: Partial<Answers>): void {
  $wizard.set({ ...$wizard.get(), ...patch });
}

export function goToStep(step: Step): void {
  $wizard.setKey('step', step);
}

export function toggleFurniture(id: string): void {
  const current = $wizard.get().furnitureIds;
  updateAnswers({ furnitureIds: current.includes(id) ? current.filter((f) => f !== id) : [...current, id] });
}
