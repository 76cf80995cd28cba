-- Leads: quote, contact and call-back requests, each stored BEFORE any e-mail is attempted, and the
-- e-mail outbox that the request handlers and the cron trigger deliver from. Times are ISO-8601 UTC text
-- (they sort and compare as text). Records older than 24 months are deleted by the cron trigger.

-- Every reference ever issued, whatever the record type: uniqueness is checked here.
CREATE TABLE reference_numbers (
  reference TEXT PRIMARY KEY,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback')),
  created_at TEXT NOT NULL
);

CREATE TABLE quote_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  body_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  property_id TEXT NOT NULL,
  furniture_ids TEXT NOT NULL,           -- JSON array of furniture ids
  from_postcode TEXT NOT NULL,
  to_postcode TEXT NOT NULL,
  from_address TEXT,
  to_address TEXT,
  move_date TEXT NOT NULL,               -- YYYY-MM-DD, a UK calendar date
  additional_info TEXT,
  promo_code TEXT,
  client_total INTEGER NOT NULL,
  client_distance REAL NOT NULL,
  verified INTEGER NOT NULL,             -- 0 when the postcode service was down: priced from the client's distance
  distance_notes TEXT NOT NULL,          -- JSON array, e.g. "Distance estimated from the SW1A area"
  distance_miles REAL NOT NULL,
  total INTEGER NOT NULL,
  pricing TEXT NOT NULL,                 -- JSON: the engine's result
  email_status TEXT NOT NULL DEFAULT 'pending' CHECK (email_status IN ('pending', 'sent', 'failed')),
  response TEXT                          -- JSON answer given, replayed for the same idempotency key
);
CREATE INDEX quote_requests_created ON quote_requests (created_at);

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('json', 'form')),
  email_status TEXT NOT NULL DEFAULT 'pending' CHECK (email_status IN ('pending', 'sent', 'failed'))
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);

CREATE TABLE callback_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email_status TEXT NOT NULL DEFAULT 'pending' CHECK (email_status IN ('pending', 'sent', 'failed'))
);
CREATE INDEX callback_requests_created ON callback_requests (created_at);

-- One row per e-mail. Its idempotency key goes to Resend with every attempt, so a retry can never send twice.
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert')),
  record_reference TEXT NOT NULL,
  kind TEXT NOT NULL,                    -- customer | business | alert
  recipient TEXT NOT NULL,
  payload TEXT NOT NULL,                 -- JSON: from, to, replyTo, subject, html, text
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'gave_up')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  provider_id TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  alerted_at TEXT                        -- when the business was told this e-mail could not be sent
);
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_record ON email_outbox (record_reference);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '2');
