-- Accounts without passwords (issue 19): a customer's e-mail address is their account. A sign-in link and a session
-- are each a random token of which D1 keeps only the SHA-256 hash. Addresses are kept lower-cased. The cron trigger
-- deletes links and sessions once they have expired (functions/cron.ts).
CREATE TABLE sign_in_links (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the token in /login/verify?t=…
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,              -- 15 minutes after created_at
  used_at TEXT                           -- single use: set when it starts a session
);
CREATE INDEX sign_in_links_expires ON sign_in_links (expires_at);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the cookie's value
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL               -- 30 days after created_at; deleting the row signs the device out
);
CREATE INDEX sessions_email ON sessions (email);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Quotes are listed by address on /account.
CREATE INDEX quote_requests_email ON quote_requests (lower(email), created_at);

-- The outbox also carries sign-in e-mails ('signin') and the confirmation that an address's data was deleted
-- ('account'). SQLite cannot change a CHECK in place: the table is rebuilt.
CREATE TABLE email_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert', 'signin', 'account')),
  record_reference TEXT NOT NULL,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  payload TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'gave_up')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  provider_id TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  alerted_at TEXT
);
INSERT INTO email_outbox_new SELECT id, record_type, record_reference, kind, recipient, payload, idempotency_key, status,
  attempts, last_error, next_attempt_at, provider_id, created_at, sent_at, alerted_at FROM email_outbox;
DROP TABLE email_outbox;
ALTER TABLE email_outbox_new RENAME TO email_outbox;
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_record ON email_outbox (record_reference);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '6');
