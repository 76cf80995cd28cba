-- Facts about the database itself; /api/health reads the schema version to prove the Worker reaches D1.
CREATE TABLE IF NOT EXISTS app_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '1');
