-- The customer's damage report from the move page (issue 34 item 5) is a job report of its own kind, listed with the
-- crew's on the office's job sheet section. The CHECK is rebuilt as in 0016.
CREATE TABLE job_reports_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('on_our_way', 'done', 'problem', 'customer_damage')),
  created_at TEXT NOT NULL,
  eta TEXT,                              -- HH:MM, "On our way" only
  note TEXT,
  photos TEXT                            -- JSON array of R2 keys
);
INSERT INTO job_reports_new SELECT id, reference, kind, created_at, eta, note, photos FROM job_reports;
DROP TABLE job_reports;
ALTER TABLE job_reports_new RENAME TO job_reports;
CREATE INDEX job_reports_reference ON job_reports (reference, id);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '18');
