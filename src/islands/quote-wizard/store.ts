// The wizard's state, kept in sessionStorage so a reload or Back keeps every answer, and as a draft for another visit (draft.ts).
import { atom, map } from 'nanostores';
import { ACCESS_FIELD_NAMES, type AccessFieldName, type MoveAccess } from '~/data/access';
import { ADDRESS_FIELD_NAMES, postedAccess } from '~/lib/move-facts';
import type { PricingResult } from '~/lib/pricing';
import type { QuoteRequestInput } from '~/lib/schemas';
import type { RouteErrorCode } from '~/lib/price-route';
import { readCarried, type CarriedRequest, type Prefill } from './prefill';
import { clearDraft, readDraft, saveDraft, type Draft } from './draft';
import { WIZARD_KEY } from './storage-keys';
import type { AccessAnswerFields, AddressAnswerFields, Answers, Step } from './answers';

export type { Answers, Step };
import type { FullDaysAnswer } from '~/lib/office/diary';

export const STEP_COUNT = 5;

export interface WizardState extends Answers {
  step: Step;
  idempotencyKey: string;
  keyBody: string;
  /** From a service page's `/quote?service=…`, shown on step 1 as 'From your request'. */
  request: CarriedRequest | null;
}

export type { PlaceInfo } from '~/lib/price-route';
import type { PlaceInfo } from '~/lib/price-route';

export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'additionalInfo',
  'promoCode',
] as const satisfies readonly (keyof QuoteRequestInput)[];
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The plain form hands these over by these names, and a saved draft keeps them as text. */
export const TEXT_ANSWERS = ['fromPostcode', 'toPostcode', ...ADDRESS_FIELD_NAMES, ...CONTACT_FIELDS, ...ACCESS_FIELD_NAMES] as const;

/** The access answers as the engine reads them. */
export const accessOf = (answers: Pick<Answers, AccessFieldName>): MoveAccess | null =>
  postedAccess((name) => answers[name as AccessFieldName]);

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
  ...(Object.fromEntries([...ADDRESS_FIELD_NAMES, ...ACCESS_FIELD_NAMES].map((name) => [name, ''])) as AccessAnswerFields &
    AddressAnswerFields),
};

const initialState = (): WizardState => ({ ...EMPTY_ANSWERS, step: 1, idempotencyKey: '', keyBody: '', request: null });

export const $wizard = map<WizardState>(initialState());
export const $pricing = atom<PricingState>({ status: 'idle' });
/** Day-of-move texts (issue 44 item 4): unticked until the customer ticks it; never kept in a draft. */
export const $textUpdates = atom(false);
/** The pricing effect waits for it. */
export const $restored = atom(false);
export const $draftOffer = atom<Draft | null>(null);
/** The owner's limits for booking online, from the diary's answer (step 4); null while off or not yet known. */
export const $onlineBooking = atom<FullDaysAnswer['online'] | null>(null);

interface Saved {
  wizard: WizardState;
  pricing: PricingState;
}

function isStep(value: unknown): value is Step {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

function load(): Saved | null {
  try {
    const raw = sessionStorage.getItem(WIZARD_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<Saved>;
    const wizard = { ...initialState(), ...(saved.wizard ?? {}) };
    if (!isStep(wizard.step)) wizard.step = 1;
    if (!Array.isArray(wizard.furnitureIds)) wizard.furnitureIds = [];
    for (const key of [...TEXT_ANSWERS, 'idempotencyKey', 'keyBody'] as const) {
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
  // While an earlier draft is on offer, the (empty) wizard must not overwrite it.
  if (!$draftOffer.get()) saveDraft($wizard.get());
}

let stopPersisting: (() => void) | undefined;

/**
 * A prefill (a service page's request, a link's query, the plain form's answers) wins over this tab's answers and a
 * draft; a service page's request starts at step 1, where the wizard shows what it carried over.
 */
export function restoreWizard(prefill?: Prefill): void {
  const saved = load();
  const prefilled = !!prefill && (prefill.request !== null || Object.keys(prefill.answers).length > 0);
  if (saved) {
    $wizard.set(saved.wizard);
    $pricing.set(saved.pricing);
  } else if (!prefilled) {
    $draftOffer.set(readDraft());
  }
  if (prefill && prefilled) {
    const { answers, request } = prefill;
    $wizard.set({ ...$wizard.get(), ...answers, ...(request ? { request } : {}), step: saved && !request ? $wizard.get().step : 1 });
  }
  if (!stopPersisting) {
    const listeners = [$wizard.listen(save), $pricing.listen(save)];
    stopPersisting = () => listeners.forEach((stop) => stop());
  }
  save();
  $restored.set(true);
}

export function continueDraft(): void {
  const draft = $draftOffer.get();
  if (!draft) return;
  $draftOffer.set(null);
  $wizard.set({ ...$wizard.get(), ...draft.answers, step: draft.step });
}

export function discardDraft(): void {
  clearDraft();
  $draftOffer.set(null);
}

/** Nothing of a sent quote stays on the device, and nothing is saved again. */
export function endWizard(): void {
  stopPersisting?.();
  try {
    sessionStorage.removeItem(WIZARD_KEY);
  } catch {
    // blocked: nothing was kept
  }
  clearDraft();
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
