-- A condition record at both ends (issue 44 item 5): what was already damaged before loading ('pickup') and after
-- unloading ('delivery'), signed by the customer on the crew's phone with their typed name and a tick. One a move an
-- end, never replaced once signed. The photos are R2 keys under job-photos/, as the crew's reports' are, and the cron's
-- sweep keeps only the keys a row still names. One writer: functions/lib/office/condition.ts.
CREATE TABLE condition_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL REFERENCES quote_requests (reference) ON DELETE CASCADE,
  end_kind TEXT NOT NULL CHECK (end_kind IN ('pickup', 'delivery')),
  note TEXT NOT NULL,                    -- what was already damaged, or "None"
  photos TEXT,                           -- JSON array of R2 keys
  signed_name TEXT NOT NULL,             -- the customer's typed full name
  agreed TEXT NOT NULL,                  -- the words they ticked, as the sheet showed them
  recorded_by TEXT NOT NULL,             -- crew:<first name>, as the audit line says
  created_at TEXT NOT NULL,
  UNIQUE (reference, end_kind)
);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '120');
