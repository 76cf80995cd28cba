-- The settings the owner edits in the office (issue 40 item 7): one row per setting the owner has set, its value as
-- JSON (src/lib/office/settings.ts checks it as it is read); a setting with no row keeps today's value from
-- src/site.config.ts or the Worker's BUSINESS_EMAIL. Each change is also an audit_log line (who, from what, to what).
CREATE TABLE office_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The settings page lists the changes to settings, newest first.
CREATE INDEX audit_log_action ON audit_log (action, id);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '41');
