-- A quote's own rows go with it (issue 42 item 2): its view and staff tokens, its history and its review each get a
-- foreign key with ON DELETE CASCADE, so retention (functions/cron.ts) and erasure (functions/lib/account/erase.ts)
-- delete the quote only. SQLite cannot add a foreign key in place: each table is rebuilt, as 0044 rebuilt sessions.
-- A row whose quote is already gone (none should be) is not copied. D1 enforces foreign keys, and dropping a table
-- deletes its rows first: a later rebuild of quote_requests must copy these four tables aside before it drops it.
CREATE TABLE quote_view_tokens_keyed (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the token
  reference TEXT NOT NULL REFERENCES quote_requests (reference) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
INSERT INTO quote_view_tokens_keyed (token_hash, reference, created_at)
  SELECT token_hash, reference, created_at FROM quote_view_tokens WHERE reference IN (SELECT reference FROM quote_requests);
DROP TABLE quote_view_tokens;
ALTER TABLE quote_view_tokens_keyed RENAME TO quote_view_tokens;
CREATE INDEX quote_view_tokens_reference ON quote_view_tokens (reference);

CREATE TABLE quote_events_keyed (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL REFERENCES quote_requests (reference) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  event TEXT NOT NULL                    -- JSON MoveEvent (src/lib/move-status.ts)
);
INSERT INTO quote_events_keyed (id, reference, created_at, event)
  SELECT id, reference, created_at, event FROM quote_events WHERE reference IN (SELECT reference FROM quote_requests);
DROP TABLE quote_events;
ALTER TABLE quote_events_keyed RENAME TO quote_events;
CREATE INDEX quote_events_reference ON quote_events (reference, id);

CREATE TABLE quote_staff_tokens_keyed (
  token_hash TEXT PRIMARY KEY,
  reference TEXT NOT NULL REFERENCES quote_requests (reference) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('booking', 'review')),
  created_at TEXT NOT NULL,
  used_at TEXT
);
INSERT INTO quote_staff_tokens_keyed (token_hash, reference, purpose, created_at, used_at)
  SELECT token_hash, reference, purpose, created_at, used_at FROM quote_staff_tokens
  WHERE reference IN (SELECT reference FROM quote_requests);
DROP TABLE quote_staff_tokens;
ALTER TABLE quote_staff_tokens_keyed RENAME TO quote_staff_tokens;
CREATE INDEX quote_staff_tokens_reference ON quote_staff_tokens (reference);

CREATE TABLE move_reviews_keyed (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE REFERENCES quote_requests (reference) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  move_date TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL,
  name TEXT NOT NULL,                    -- as published: first name and initial
  service TEXT NOT NULL,                 -- what was moved, as published ('Two-bedroom home')
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'withheld')),
  decided_at TEXT
);
INSERT INTO move_reviews_keyed (id, reference, created_at, move_date, rating, text, name, service, status, decided_at)
  SELECT id, reference, created_at, move_date, rating, text, name, service, status, decided_at FROM move_reviews
  WHERE reference IN (SELECT reference FROM quote_requests);
DROP TABLE move_reviews;
ALTER TABLE move_reviews_keyed RENAME TO move_reviews;
CREATE INDEX move_reviews_published ON move_reviews (status, decided_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '45');
