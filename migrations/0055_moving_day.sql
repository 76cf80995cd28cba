-- Moving day you can see (issue 44 item 1): the crew's taps Arrived, Leaving, Arrived at delivery and Running late are
-- job reports of their own kinds; `tap` is the form's one-off key, so a tap posted twice on a poor signal counts once.
-- The CHECK is rebuilt as in 0018.
CREATE TABLE job_reports_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (
    kind IN ('on_our_way', 'arrived', 'leaving', 'at_delivery', 'late', 'done', 'problem', 'customer_damage')
  ),
  created_at TEXT NOT NULL,
  eta TEXT,                              -- HH:MM, "On our way" and "Running late" only
  note TEXT,
  photos TEXT,                           -- JSON array of R2 keys
  tap TEXT                               -- the sheet form's one-off key, where it sent one
);
INSERT INTO job_reports_new (id, reference, kind, created_at, eta, note, photos)
  SELECT id, reference, kind, created_at, eta, note, photos FROM job_reports;
DROP TABLE job_reports;
ALTER TABLE job_reports_new RENAME TO job_reports;
CREATE INDEX job_reports_reference ON job_reports (reference, id);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '55');
