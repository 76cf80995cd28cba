// An unfinished quote kept for DRAFT_DAYS, offered back on another visit. Never the name, e-mail address, phone number
// or address lines; a move date that can no longer be booked is dropped.
import { londonToday } from '~/lib/dates';
import { moveDateProblem } from '~/lib/move-date';
import { DRAFT_DAYS, DRAFT_KEY } from './storage-keys';
import type { Answers, Step } from './answers';

const KEPT = ['propertyId', 'furnitureIds', 'fromPostcode', 'toPostcode', 'moveDate', 'additionalInfo', 'promoCode'] as const;
export type DraftAnswers = Pick<Answers, (typeof KEPT)[number]>;

export interface Draft {
  /** Ms since the epoch. */
  savedAt: number;
  step: Step;
  answers: DraftAnswers;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const isWorthKeeping = (answers: DraftAnswers): boolean =>
  !!answers.propertyId || answers.furnitureIds.length > 0 || !!answers.fromPostcode.trim() || !!answers.toPostcode.trim();

export function draftAnswers(state: Answers): DraftAnswers {
  return Object.fromEntries(KEPT.map((key) => [key, state[key]])) as DraftAnswers;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked: there is simply nothing to come back to
  }
}

export function saveDraft(state: Answers & { step: Step }, now = Date.now(), store = storage()): void {
  const answers = draftAnswers(state);
  try {
    if (!isWorthKeeping(answers)) store?.removeItem(DRAFT_KEY);
    else store?.setItem(DRAFT_KEY, JSON.stringify({ savedAt: now, step: state.step, answers } satisfies Draft));
  } catch {
    // Storage full or blocked: the quote still works, it just will not wait for another day.
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readDraft(now = Date.now(), store = storage()): Draft | null {
  let raw: string | null = null;
  try {
    raw = store?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<Omit<Draft, 'answers'>> & { answers?: Partial<Record<keyof DraftAnswers, unknown>> };
    const a = saved.answers ?? {};
    const answers: DraftAnswers = {
      propertyId: text(a.propertyId) || null,
      furnitureIds: Array.isArray(a.furnitureIds) ? a.furnitureIds.filter((id: unknown): id is string => typeof id === 'string') : [],
      fromPostcode: text(a.fromPostcode),
      toPostcode: text(a.toPostcode),
      moveDate: typeof a.moveDate === 'string' && !moveDateProblem(a.moveDate, londonToday(new Date(now))) ? a.moveDate : null,
      additionalInfo: text(a.additionalInfo),
      promoCode: text(a.promoCode),
    };
    const age = now - Number(saved.savedAt);
    if (!(age >= 0 && age <= DRAFT_DAYS * DAY_MS) || !isWorthKeeping(answers)) throw new Error('expired');
    const step = ([1, 2, 3, 4, 5] as const).find((s) => s === saved.step) ?? 1;
    return { savedAt: Number(saved.savedAt), step, answers };
  } catch {
    clearDraft(store);
    return null;
  }
}

export function clearDraft(store = storage()): void {
  try {
    store?.removeItem(DRAFT_KEY);
  } catch {
    // blocked: nothing was kept
  }
}
