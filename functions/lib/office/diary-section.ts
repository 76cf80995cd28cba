/** What the lead page's diary section shows for one move (src/components/office/DiarySection.astro): data only. */
import { formatLongDate } from '~/lib/dates';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { DIARY_STATUSES, vanSizeLabel } from '~/lib/office/diary';
import { findQuote } from '../quote/store';
import { arrivalWindows } from './settings';
import { diarySpan, entryOf, spanDay } from './diary';
import type { DiarySectionData } from '~/lib/views/diary';

export async function diarySection(db: D1Database, reference: string): Promise<DiarySectionData | null> {
  const quote = await findQuote(db, { reference });
  if (!quote) return null;
  const [span, entry, windows] = await Promise.all([
    diarySpan(db, quote.moveDate, quote.moveDate),
    entryOf(db, reference),
    arrivalWindows(db),
  ]);
  const { room, entries: others, isOff } = spanDay(span, quote.moveDate, reference);
  const crewName = (id: number | null) => (id === null ? null : (span.crews.find((crew) => crew.id === id)?.leadName ?? `Crew ${id}`));
  const van = (id: number | null) => span.vans.find((each) => each.id === id);
  const holdsPlace = entry?.moveDate === quote.moveDate;
  return {
    moveDate: quote.moveDate,
    date: formatLongDate(quote.moveDate),
    room,
    left: room.capacity === null ? null : Math.max(0, room.capacity - others.length - (holdsPlace ? 1 : 0)),
    holdsPlace,
    full: room.full,
    short: room.crews > room.vans ? 'van' : room.vans > room.crews ? 'crew' : 'both',
    entry: entry && {
      status: DIARY_STATUSES[entry.status],
      crew: crewName(entry.crewId),
      van: entry.vanId === null ? null : (van(entry.vanId)?.name ?? `Van ${entry.vanId}`),
      window: entry.arrivalWindow ? arrivalWindowLabel(entry.arrivalWindow) : null,
      override: entry.overrideReason,
    },
    // A move booked by its deposit (issue 34) is still open here until the diary gives it a crew.
    open: quote.status !== 'cancelled' && entry?.status !== 'booked',
    unpaid: quote.status !== 'booked',
    crews: span.crews.map((crew) => ({
      ...crew,
      busy: others.some((other) => other.crewId === crew.id),
      off: isOff('crew', crew.id),
    })),
    vans: span.vans.map((each) => ({
      ...each,
      sizeLabel: vanSizeLabel(each.size),
      busy: others.some((other) => other.vanId === each.id),
      off: isOff('van', each.id),
    })),
    windows: windows.map((value) => ({ value, label: arrivalWindowLabel(value) })),
  };
}
