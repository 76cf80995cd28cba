-- Issue 40 item 6: the diary as a board. A crew or a van may have days off (a holiday, an MOT, a repair), which take it
-- out of those days' capacity; and on a full day the office may hire a crew or a van for that day only, which adds to
-- that day's capacity. The capacity sums are src/lib/office/diary.ts.

-- One row per stretch of days off, both days included; removing it deletes the row (the audit trail keeps the history).
CREATE TABLE diary_days_off (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  resource TEXT NOT NULL CHECK (resource IN ('crew', 'van')),
  resource_id INTEGER NOT NULL,          -- crews.id or vans.id
  first_day TEXT NOT NULL,               -- YYYY-MM-DD
  last_day TEXT NOT NULL,                -- YYYY-MM-DD, on or after first_day
  reason TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK (last_day >= first_day)
);
-- A week or a calendar's span asks for the stretches ending on or after its first day.
CREATE INDEX diary_days_off_last_day ON diary_days_off (last_day, first_day);

-- A crew or van hired for one day: a row of its own (so a move can be booked with it like any other), counted only on
-- that day and never as one of the firm's own. NULL: the firm's own.
ALTER TABLE crews ADD COLUMN hired_on TEXT;
ALTER TABLE crews ADD COLUMN hired_reason TEXT;
ALTER TABLE vans ADD COLUMN hired_on TEXT;
ALTER TABLE vans ADD COLUMN hired_reason TEXT;
CREATE INDEX crews_hired_on ON crews (hired_on);
CREATE INDEX vans_hired_on ON vans (hired_on);

INSERT INTO app_meta (key, value) VALUES ('schema_version', '31')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE CAST(app_meta.value AS INTEGER) < 31;
