/** What the lead page's diary section shows for one move (src/components/office/DiarySection.astro): data only. */
import { formatLongDate } from '~/lib/dates';
import { arrivalWindowLabel } from '~/lib/office/arrival-windows';
import { DIARY_STATUSES, vanSizeLabel, type DayRoom } from '~/lib/office/diary';
import type { HireKind } from '~/lib/office/diary-forms';
import { findQuote } from '../quote/store';
import { arrivalWindows } from './settings';
import { diarySpan, entryOf, spanDay, type Crew, type Van } from './diary';

export interface DiarySectionData {
  /** `YYYY-MM-DD`, and as read. */
  moveDate: string;
  date: string;
  /** The day's room without this move. */
  room: DayRoom;
  /** Places left on the day, this move's own counted once it holds one; null while the diary is not in use. */
  left: number | null;
  /** The move holds or has one of the day's places (the room line says so). */
  holdsPlace: boolean;
  /** Full (or closed) without this move: booking it needs a reason, or a hired crew or van. */
  full: boolean;
  /** What a hire must add for the day to take one more move: the fewer of its crews and vans, or both. */
  short: HireKind;
  /** What the diary holds for this move now. */
  entry: { status: string; crew: string | null; van: string | null; window: string | null; override: string | null } | null;
  /** Whether the office can still hold or book it (not cancelled, not booked). */
  open: boolean;
  /** No paid deposit has booked it: booking it with a crew needs staff's reason (issue 40 item 4). */
  unpaid: boolean;
  crews: Array<Crew & { busy: boolean; off: boolean }>;
  vans: Array<Van & { sizeLabel: string; busy: boolean; off: boolean }>;
  /** The arrival windows the owner's settings offer. */
  windows: Array<{ value: string; label: string }>;
}

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
