/** The office's diary: the week's board, days off, crews and vans, and a move's section (functions/lib/office/ builds them): data only. */
import type { DayRoom, VanSize } from '~/lib/office/diary';
import type { DiaryFormState, HireKind } from '~/lib/office/diary-forms';

export interface DiaryEntryView {
  reference: string;
  href: string;
  status: string;
  crew: string | null;
  van: string | null;
  window: string | null;
  override: string | null;
}

/** A move on the board: a block on its crew's row and on its van's. */
export interface BoardBlock {
  reference: string;
  href: string;
  status: string;
  window: string | null;
  /** On a crew's row its van, on a van's row its crew. */
  with: string | null;
}

export interface BoardCell {
  date: string;
  blocks: BoardBlock[];
  /** The crew or van has the day off (its note, or ''). */
  off: string | null;
  /** A hired crew or van on a day it was not hired for. */
  absent: boolean;
}

export interface BoardRow {
  /** `crew:12`, `van:3`, or `unassigned`. */
  key: string;
  label: string;
  /** A hire's day and reason. */
  hired: { date: string; reason: string } | null;
  cells: BoardCell[];
}

export interface BoardGroup {
  title: string;
  rows: BoardRow[];
}

export interface DiaryHireView {
  /** `crew:12`: the cancel button's value. */
  who: string;
  label: string;
  reason: string;
  /** No move is booked with it yet: the office may cancel the hire. */
  cancellable: boolean;
}

export interface DiaryDayView {
  date: string;
  label: string;
  /** "Mon 14 Dec" for the board's column. */
  short: string;
  today: boolean;
  room: DayRoom;
  /** The room in words: "Closed: Christmas Day", "Fully booked", "1 of 2 free", "No limit". */
  roomWords: string;
  entries: DiaryEntryView[];
  /** Crews and vans with the day off: "Samira Khan’s crew (holiday)". */
  off: string[];
  hires: DiaryHireView[];
}

export interface DayOffView {
  id: number;
  label: string;
}

export interface DiaryView {
  inUse: boolean;
  /** The week's Monday. */
  start: string;
  /** "14 to 20 December 2026". */
  weekLabel: string;
  previous: string;
  next: string;
  /** The week holding today, unless it is this one. */
  thisWeek: string | null;
  crews: Crew[];
  vans: Array<Van & { sizeLabel: string }>;
  days: DiaryDayView[];
  groups: BoardGroup[];
  daysOff: DayOffView[];
  notice: string | null;
}

/**
 * What the diary page (src/pages/office/diary.astro) is handed when a post is refused: a crew or van (`values.action`),
 * or a hold or booking (`values.ref`, shown by the move's DiarySection on the diary page at its day).
 */
export interface DiaryPageState {
  form: DiaryFormState;
}

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

export interface Crew {
  id: number;
  leadName: string;
  size: number;
  /** The day it was hired for, or null for the firm's own. */
  hiredOn: string | null;
  hiredReason: string | null;
}

export interface Van {
  id: number;
  name: string;
  size: VanSize;
  hiredOn: string | null;
  hiredReason: string | null;
}
