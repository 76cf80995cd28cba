/** The crew's job sheet and the office's job sheet section (functions/pages/job-sheet-view.ts builds them): data only. */
import type { ConditionEnd } from '~/lib/office/condition';
import type { JobReportKind, SheetDay } from '~/lib/office/job-sheet';

/** A refused report: which form, what was typed, and each field's message. */
export interface JobSheetState {
  done?: string | null;
  /** A report's kind, or a condition record's action (`condition_pickup`, `condition_delivery`). */
  form?: JobReportKind | string;
  errors?: Partial<Record<'eta' | 'note' | 'photos' | 'day' | 'name' | 'agree' | 'signature' | 'items' | 'change', string>>;
  /** `change`: the change order answered; `quantities`: a proposal's `qty-<item>` fields as typed. */
  values?: { eta?: string; note?: string; name?: string; agreed?: boolean; change?: string; quantities?: Record<string, string> };
}

/** A change order (issue 44 item 6) as the sheet shows it: its lines priced from the table, and its state. */
export interface ChangeOrderLine {
  id: string;
  /** 1 for the move's first change: what the crew, the customer and the office call it (the id is every move's count). */
  number: number;
  lines: Array<[label: string, amount: string]>;
  total: string;
  status: string;
  proposed: boolean;
  /** "Signed by Nia Okafor at 14:05", or when it was refused. */
  decided: string | null;
  /** The words the customer ticks, with the total. */
  agreement: string;
  /** The typed name it was signed with, once accepted. */
  signedName: string | null;
  /** The office's only: the signature drawn on the crew's phone, through the photos' route. */
  signature: { href: string } | null;
}

/** An item the crew can add, as the price table prices it. */
export interface ChangeItemChoice {
  field: string;
  name: string;
  price: string;
  /** The most of it one change may hold (a long carry: 1 an end). */
  max: number;
}

/** A condition record (issue 44 item 5) as the sheet, the office and the customer's page show it. */
export interface ConditionLine {
  end: ConditionEnd;
  label: string;
  when: string;
  note: string;
  signedName: string;
  at: string;
  photoCount: string;
  /** The office's only: the photos through its own route. */
  photos: Array<{ href: string; label: string }>;
  /** Also drawn on the pad (with JavaScript) beside the typed name. */
  signedOnPhone: boolean;
  /** The office's only: the drawn signature through the photos' route. */
  signature: { href: string } | null;
}

/** What the office's post hands the page that shows a new link once (under its own key: the lead page has a view too). */
export interface JobSheetLinkView {
  jobSheetLink: { reference: string; made: { url: string; lastDay: string } | null };
}

export interface ReportLine {
  kind: JobReportKind;
  label: string;
  at: string;
  detail: string | null;
  photos: Array<{ href: string; label: string }>;
}

/** One end of the move as the crew needs it at the door (issue 40 item 1). */
export interface JobSheetEnd {
  end: 'from' | 'to';
  heading: string;
  /** One part of the address a line, the postcode last. */
  lines: string[];
  /** Line 1 and the town are there (a booked move always has both, unless booked before issue 40). */
  complete: boolean;
  /** Plain links to the phone's maps (src/lib/move-facts.ts mapsLinks). */
  maps: { google: string; apple: string };
  access: string | null;
}

/** What the price covers: the written quote the customer accepted (else the newest sent), or the estimate's lines. */
export interface JobSheetPrice {
  heading: string;
  rows: Array<[label: string, amount: string]>;
  included: string | null;
}

export interface JobSheetView {
  reference: string;
  date: string;
  arrival: string | null;
  crew: string | null;
  van: string | null;
  ends: [JobSheetEnd, JobSheetEnd];
  price: JobSheetPrice | null;
  furniture: string;
  items: string | null;
  awkward: string | null;
  notes: string | null;
  customer: { name: string; phone: string; tel: string };
  reports: ReportLine[];
  /** The condition records made so far, pickup first. */
  conditions: ConditionLine[];
  /** Extras only by a signed change (issue 44 item 6): the items to choose from, and the changes so far. */
  changeItems: ChangeItemChoice[];
  /** Whether the move's price is an accepted written quote, the only price extras can be added to. */
  extrasAllowed: boolean;
  changes: ChangeOrderLine[];
  notice: string | null;
  /** Where today stands against the move's day, and what the sheet says on another day (the buttons it leaves out). */
  day: SheetDay;
  /** The move's day or the day after: "Arrived at delivery" and the delivery's condition record are still taken. */
  deliveryOpen: boolean;
  dayNotice: string | null;
  state: JobSheetState;
  tap: string;
}

export interface JobSheetSectionView {
  booked: boolean;
  /** The last day the current link works, while one does. */
  liveUntil: string | null;
  /** Just made: shown once, on the page that answers the post. */
  made: { url: string; lastDay: string } | null;
  reports: ReportLine[];
  conditions: ConditionLine[];
  /** Extras proposed on the day (issue 44 item 6), oldest first. */
  changes: ChangeOrderLine[];
}

/** A refused "E-mail the link to the crew lead": what was typed and why, shown by the field. */
export interface JobSheetEmailAnswer extends JobSheetLinkView {
  jobSheetEmail: { value: string; error: string };
}

/** The office's job sheet section: the link and reports, and the crew lead's address ("E-mail the link"). */
export interface JobSheetSectionData {
  view: JobSheetSectionView;
  /** A refused address, with its message; else the one last used, or empty. */
  crewEmail: string;
  refusedEmail: { value: string; error: string } | undefined;
}
