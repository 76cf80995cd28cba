-- One session system (issue 42 item 3): customers' sessions (0006) and the office's (0011, staff_sessions) become one
-- table with a role; its lifetime is the role's (functions/lib/sessions.ts: 30 days a customer, 12 hours staff). Every
-- live session is moved across with its hash, so nobody is signed out; 'partner' is allowed now so the partner
-- drivers' portal needs no rebuild of the table (SQLite cannot change a CHECK in place).
CREATE TABLE sessions_by_role (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the cookie's value
  email TEXT NOT NULL,                   -- lower-cased
  role TEXT NOT NULL CHECK (role IN ('customer', 'staff', 'partner')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL               -- created_at plus the role's lifetime; deleting the row signs the device out
);
INSERT INTO sessions_by_role (token_hash, email, role, created_at, expires_at)
  SELECT token_hash, email, 'customer', created_at, expires_at FROM sessions
  WHERE expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
INSERT INTO sessions_by_role (token_hash, email, role, created_at, expires_at)
  SELECT token_hash, email, 'staff', created_at, expires_at FROM staff_sessions
  WHERE expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
DROP TABLE sessions;
DROP TABLE staff_sessions;
ALTER TABLE sessions_by_role RENAME TO sessions;
-- "Sign out everywhere", erasure and removing a member delete by address and role; the cron by expiry.
CREATE INDEX sessions_email_role ON sessions (email, role);
CREATE INDEX sessions_expires ON sessions (expires_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '44');
