/** What the lead page's diary section shows for one move (src/components/office/DiarySection.astro): data only. */
import { formatLongDate } from '~/lib/dates';
import { ARRIVAL_WINDOWS, DIARY_STATUSES, isDayFull, placesLeft, dayCapacity, vanSizeLabel } from '~/lib/office/diary';
import { findQuote } from '../quote/store';
import { currentCrews, currentVans, diaryResources, entriesOn, entryOf, type Crew, type Van } from './diary';

export interface DiarySectionData {
  date: string;
  /** Places left on the day, this move's own counted once it holds one; null while the diary is not in use. */
  left: number | null;
  /** The move holds or has one of the day's places (the room line says so). */
  holdsPlace: boolean;
  capacity: number | null;
  /** Full without this move: booking it needs a reason. */
  full: boolean;
  /** What the diary holds for this move now. */
  entry: { status: string; crew: string | null; van: string | null; window: string | null; override: string | null } | null;
  /** Whether the office can still hold or book it (not cancelled, not booked). */
  open: boolean;
  crews: Array<Crew & { busy: boolean }>;
  vans: Array<Van & { sizeLabel: string; busy: boolean }>;
}

export async function diarySection(db: D1Database, reference: string): Promise<DiarySectionData | null> {
  const quote = await findQuote(db, { reference });
  if (!quote) return null;
  const [resources, others, entry, crews, vans] = await Promise.all([
    diaryResources(db),
    entriesOn(db, quote.moveDate, reference),
    entryOf(db, reference),
    currentCrews(db),
    currentVans(db),
  ]);
  const crewName = (id: number | null) => (id === null ? null : (crews.find((crew) => crew.id === id)?.leadName ?? `Crew ${id}`));
  const van = (id: number | null) => vans.find((each) => each.id === id);
  const holdsPlace = entry?.moveDate === quote.moveDate;
  return {
    date: formatLongDate(quote.moveDate),
    left: placesLeft(resources, others.length + (holdsPlace ? 1 : 0)),
    holdsPlace,
    capacity: dayCapacity(resources),
    full: isDayFull(resources, others.length),
    entry: entry && {
      status: DIARY_STATUSES[entry.status],
      crew: crewName(entry.crewId),
      van: entry.vanId === null ? null : (van(entry.vanId)?.name ?? `Van ${entry.vanId}`),
      window: entry.arrivalWindow ? ARRIVAL_WINDOWS[entry.arrivalWindow] : null,
      override: entry.overrideReason,
    },
    // A move booked by its deposit (issue 34) is still open here until the diary gives it a crew.
    open: quote.status !== 'cancelled' && entry?.status !== 'booked',
    crews: crews.map((crew) => ({ ...crew, busy: others.some((other) => other.crewId === crew.id) })),
    vans: vans.map((each) => ({
      ...each,
      sizeLabel: vanSizeLabel(each.size),
      busy: others.some((other) => other.vanId === each.id),
    })),
  };
}
