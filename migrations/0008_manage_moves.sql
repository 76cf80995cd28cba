-- Issue 19, item 3: a quote's life after it is sent. Its status (src/lib/move-status.ts), when it was last priced
-- (an estimate holds 28 days from then: src/lib/estimate-validity.ts), and what the customer added for the mover
-- (anything awkward and an item list; the access at each end stays in `access`).
ALTER TABLE quote_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'quoted'
  CHECK (status IN ('quoted', 'booking_requested', 'booked', 'declined', 'cancelled'));
ALTER TABLE quote_requests ADD COLUMN priced_at TEXT;
ALTER TABLE quote_requests ADD COLUMN move_notes TEXT;   -- JSON {"awkward","items"}, or NULL

-- Its history, oldest first: what changed, when, and who did it (customer or staff).
CREATE TABLE quote_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  created_at TEXT NOT NULL,
  event TEXT NOT NULL                    -- JSON MoveEvent (src/lib/move-status.ts)
);
CREATE INDEX quote_events_reference ON quote_events (reference, id);

-- The staff link in a booking request's business e-mail (/quote-staff?ref=…&t=…): its own token, for that one
-- request, of which only the SHA-256 hash is kept; used_at is set when it confirms or declines.
CREATE TABLE quote_staff_tokens (
  token_hash TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX quote_staff_tokens_reference ON quote_staff_tokens (reference);

-- The outbox also carries the e-mails of those changes: 'move' (to the customer with a view link, or to the
-- business) and 'staff' (the business e-mail with the staff link). The CHECK is rebuilt as in 0006.
CREATE TABLE email_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert', 'signin', 'account', 'move', 'staff')),
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

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '8');
