-- Issue 19, item 3: a quote's life after it is sent. Its status (src/lib/move-status.ts), when it was last priced
-- (an estimate holds 28 days from then: src/lib/estimate-validity.ts), and what the customer added for the mover
-- (anything awkward and an item list; the access at each end stays in `access`).
ALTER TABLE quote_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'quoted'
  CHECK (status IN ('quoted', 'booking_requested', 'booked', 'declined', 'cancelled'));
ALTER TABLE quote_requests ADD COLUMN priced_at TEXT;
ALTER TABLE quote_requests ADD COLUMN move_notes TEXT;   -- JSON {"awkward","items"}, or NULL
-- Each change adds one, and is made only if the quote is still at the version it was read at: two posts racing
-- (a double click) change it once.
ALTER TABLE quote_requests ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- Its history, oldest first: what changed, when, and who did it (customer or staff).
CREATE TABLE quote_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  created_at TEXT NOT NULL,
  event TEXT NOT NULL                    -- JSON MoveEvent (src/lib/move-status.ts)
);
CREATE INDEX quote_events_reference ON quote_events (reference, id);

-- The staff links in the business e-mails (/quote-staff?ref=…&t=…): a booking request's (confirm or decline it) and a
-- review's (publish it or not), each its own token for that one purpose, of which only the SHA-256 hash is kept;
-- used_at is set when it is answered.
CREATE TABLE quote_staff_tokens (
  token_hash TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('booking', 'review')),
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX quote_staff_tokens_reference ON quote_staff_tokens (reference);

-- Issue 19, item 6: reviews only from real moves, one per booked move after its date. Published on /reviews as
-- "Verified move, <month year>" once a staff link approves it (status 'published'); never before.
CREATE TABLE move_reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,        -- quote_requests.reference
  created_at TEXT NOT NULL,
  move_date TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  name TEXT NOT NULL,                    -- as published: first name and initial
  service TEXT NOT NULL,                 -- what was moved, as published ('Two-bedroom home')
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'withheld')),
  decided_at TEXT
);
CREATE INDEX move_reviews_published ON move_reviews (status, decided_at);

-- The outbox also carries the e-mails of those changes: 'move' (to the customer with a view link, or to the
-- business), 'staff' (the business e-mail with a booking's staff link) and 'review' (with a review's). The CHECK is
-- rebuilt as in 0006.
CREATE TABLE email_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert', 'signin', 'account', 'move', 'staff', 'review')),
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
