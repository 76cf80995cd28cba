/** What the Worker writes into "Manage this move" (src/components/quote/ManageMove.astro) and the staff page. */
import { ACCESS_KEYS, accessField } from '../../src/data/access';
import { formatLongDate, londonToday } from '../../src/lib/dates';
import { estimateHolds, validUntil, validUntilLine } from '../../src/lib/estimate-validity';
import {
  customerActions,
  doneNotice,
  isUpcoming,
  MOVE_PAGE_HEADINGS,
  MOVE_PAGE_SUMMARIES,
  movePageState,
  STATUS_LABELS,
  STATUS_TEXT,
  type MovePageState,
} from '../../src/lib/move-status';
import { site } from '../../src/site.config';
import { payFor, PRICE_PENDING } from '../../src/lib/price-lines';
import { escapeHtml as e } from '../lib/escape';
import type { Fill } from '../lib/prebuilt-page';
import { moveFacts, type HistoryEntry } from '../lib/quote/manage';
import type { StoredQuote } from '../lib/quote/stored-quote';
import { eventLine, firstName } from '../lib/quote/summary';

export interface ManageState {
  /** A key of DONE_NOTICES, on the page after the change's redirect. */
  done?: string;
  preview?: { date: string; total: number | null };
  cancelAsk?: boolean;
  /** An expired estimate priced again, shown before booking. */
  repriced?: { total: number | null };
}

export function manageFill(quote: StoredQuote, now: Date, state: ManageState = {}): Fill & { focus?: string } {
  const today = londonToday(now);
  // A new date's estimate, or one priced again, keeps the quote's code: the customer sees what they would pay.
  const pay = payFor(quote.promoCode);
  const money = (total: number | null) => (total === null ? PRICE_PENDING.title : pay(total));
  const text: Record<string, string> = { status: STATUS_LABELS[quote.status], 'status-text': STATUS_TEXT[quote.status] };
  const show: string[] = [];
  for (const action of customerActions(moveFacts(quote), today)) show.push(`act:${action}`);
  if (quote.status === 'quoted' && quote.pricedAt) {
    if (estimateHolds(quote.pricedAt, today)) {
      text['valid-until'] = validUntilLine(quote.pricedAt);
      show.push('valid-until');
    } else {
      text.expired = `This estimate expired on ${formatLongDate(validUntil(quote.pricedAt))}.`;
      show.push('expired');
    }
  }
  let focus: string | undefined;
  const notice = doneNotice(state.done ?? null);
  if (notice) {
    text.done = notice;
    show.push('done');
    focus = 'done';
  }
  if (state.preview) {
    text['preview:date'] = formatLongDate(state.preview.date);
    text['preview:total'] = money(state.preview.total);
    text['preview:was'] = money(quote.pricing?.total ?? null);
    show.push('date-preview');
    focus = 'date-preview';
  }
  if (state.repriced) {
    text['repriced:total'] = money(state.repriced.total);
    text['repriced:was'] = money(quote.pricing?.total ?? null);
    show.push('book-preview');
    focus = 'book-preview';
  }
  if (state.cancelAsk) {
    show.push('cancel-confirm');
    focus = 'cancel-confirm';
  }
  return { text, show, ...(focus ? { focus } : {}) };
}

/** No tick for a move that is not going ahead. */
const CLOSED: ReadonlySet<MovePageState> = new Set(['declined', 'cancelled', 'past']);

/** The page's heading, title, summary and the parts that belong to its state (issue 30, item 9). */
export function movePageFill(quote: StoredQuote, now: Date): Fill & { title: string; upcoming: boolean } {
  const state = movePageState(moveFacts(quote), londonToday(now));
  const upcoming = isUpcoming(state);
  const show = CLOSED.has(state) ? [] : ['mark:done'];
  if (upcoming) show.push('calendar');
  // The three steps after a quote no longer describe a move that is booked, cancelled or over.
  if (state === 'quoted') show.push('next-steps');
  const heading = MOVE_PAGE_HEADINGS[state];
  const summary = MOVE_PAGE_SUMMARIES[state](firstName(quote.name), formatLongDate(quote.moveDate));
  return { text: { 'move-heading': heading, 'move-summary': summary }, show, title: `${heading} | ${site.brand}`, upcoming };
}

export function manageValues(quote: StoredQuote, token: string | null, state: ManageState = {}): URLSearchParams {
  const values = new URLSearchParams({ ref: quote.reference, t: token ?? '' });
  for (const end of ['from', 'to'] as const) {
    for (const question of ACCESS_KEYS) values.set(accessField(end, question), quote.access?.[end]?.[question] ?? '');
  }
  values.set('awkward', quote.moveNotes?.awkward ?? '');
  values.set('items', quote.moveNotes?.items ?? '');
  if (state.preview) values.set('moveDate', state.preview.date);
  return values;
}

/** Copies the markup of ManageMove.astro's hidden row. */
export const historyRows = (quote: StoredQuote, history: HistoryEntry[]): string =>
  history
    .map(
      ({ at, event }) =>
        `<li class="flex flex-wrap gap-x-3"><time class="text-sm text-ink-muted" datetime="${e(at)}">${e(formatLongDate(londonToday(new Date(at))))}</time><span>${e(eventLine(quote, event))}</span></li>`,
    )
    .join('');
