/**
 * The office's rows about a lead (issue 33), by the column naming it. They go when the lead goes: at the end of its
 * retention (functions/cron.ts) and when its customer erases their data (functions/lib/account/erase.ts), so a staff
 * note never outlives the quote it is about.
 */
const OFFICE_ROWS = [
  ['office_leads', 'reference'],
  ['office_notes', 'record_reference'],
  ['office_tasks', 'record_reference'],
  ['written_quotes', 'reference'],
  ['diary_entries', 'reference'],
  ['job_sheet_tokens', 'reference'],
  ['job_reports', 'reference'],
  ['claims', 'reference'],
  ['audit_log', 'record_reference'],
  ['office_entries', 'reference'],
] as const;

/** Deletes of every office row about the leads `references` selects (an SQL SELECT of references, bound to `params`). */
export const officeRowDeletes = (db: D1Database, references: string, ...params: readonly string[]): D1PreparedStatement[] =>
  OFFICE_ROWS.map(([table, column]) => db.prepare(`DELETE FROM ${table} WHERE ${column} IN (${references})`).bind(...params));
