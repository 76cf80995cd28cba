-- Partner drivers sign in like staff and customers (issue 43 item 2): a sign-in link of the role 'partner', and its
-- e-mail an outbox record type of its own, 'partner', whose link maker makes only a partner's link. Both CHECKs are
-- rebuilt as in 0016 and 0042 (SQLite cannot change a CHECK in place).
CREATE TABLE sign_in_links_new (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'staff', 'partner'))
);
INSERT INTO sign_in_links_new SELECT token_hash, email, created_at, expires_at, used_at, role FROM sign_in_links;
DROP TABLE sign_in_links;
ALTER TABLE sign_in_links_new RENAME TO sign_in_links;
CREATE INDEX sign_in_links_expires ON sign_in_links (expires_at);

CREATE TABLE email_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert', 'signin', 'account', 'move', 'staff', 'review', 'office', 'crew', 'partner')),
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
