/** The office's lead forms: a lead added by hand, corrected, or made a move (functions/pages/lead-entry-view.ts builds them): data only. */
import type { HandKind } from '~/lib/office/lead-entry';

export type FormValues = Record<string, string | string[]>;

export type Input = 'text' | 'email' | 'tel' | 'date' | 'textarea' | 'select' | 'radios' | 'checkboxes' | 'checkbox';

export interface FieldSpec {
  name: string;
  input: Input;
  hint?: string;
  autocomplete?: string;
  /** Shown "(optional)" after the label. */
  optional?: boolean;
  maxlength?: number;
}

export interface EntryField extends FieldSpec {
  label: string;
  /** The control's id (an error summary's link goes to it; a group's first choice). */
  control: string;
  value: string | string[];
  error?: string | undefined;
  options?: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  min?: string;
  max?: string;
}

export interface EntrySection {
  title: string;
  /** A line under the title. */
  lead?: string;
  fields: EntryField[];
}

export interface EntryFormView {
  sections: EntrySection[];
  /** Every refused field's message, in the form's order, with the control its link goes to; `form` first, if any. */
  errorList: Array<{ name: string; message: string; control: string }>;
}

/** A refused or checked post, handed back to its page. */
export interface EntryFormState {
  values: FormValues;
  errors: Record<string, string>;
  /** "Work out the estimate": the engine's figures for what was typed. */
  estimate?: { total: string; distance: string; lines: Array<[string, string]> } | null;
}

/** What the new-lead page is handed back: the kind, the form's key (so a second post adds nothing) and the state. */
export interface NewLeadState extends EntryFormState {
  kind: HandKind;
  entryKey: string;
}

/** A refused post about one lead, handed back to its form's page (functions/office/lead-entry.ts). */
export interface LeadFormState extends EntryFormState {
  reference: string;
}
