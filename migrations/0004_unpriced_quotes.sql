-- A quote sent while the postcode service was down is stored without a price (the business prices it): its total,
-- pricing and measured distance are NULL, and so is what the customer was shown when the page showed nothing. The
-- answer is made from the row itself whenever it is given, so the stored copy (`response`) goes. SQLite cannot
-- relax NOT NULL in place: the table is rebuilt with the same rows.
CREATE TABLE quote_requests_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  body_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  via TEXT NOT NULL DEFAULT 'json' CHECK (via IN ('json', 'form')),
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
  client_total INTEGER,                  -- the estimate the customer's page showed (as the client said), or NULL
  client_distance REAL,
  verified INTEGER NOT NULL,             -- 0 when the postcode service was down
  distance_notes TEXT NOT NULL,          -- JSON array, e.g. "Distance estimated from the SW1A area"
  distance_miles REAL,                   -- NULL: not measured
  total INTEGER,                         -- NULL: not priced yet
  pricing TEXT,                          -- JSON: the engine's result; NULL: not priced yet
  email_status TEXT NOT NULL DEFAULT 'pending' CHECK (email_status IN ('pending', 'sent', 'failed'))
);

INSERT INTO quote_requests_new (id, reference, idempotency_key, body_hash, created_at, via, name, email, phone, property_id,
  furniture_ids, from_postcode, to_postcode, from_address, to_address, move_date, additional_info, promo_code, client_total,
  client_distance, verified, distance_notes, distance_miles, total, pricing, email_status)
SELECT id, reference, idempotency_key, body_hash, created_at, via, name, email, phone, property_id,
  furniture_ids, from_postcode, to_postcode, from_address, to_address, move_date, additional_info, promo_code, client_total,
  client_distance, verified, distance_notes, distance_miles, total, pricing, email_status
FROM quote_requests;

DROP TABLE quote_requests;
ALTER TABLE quote_requests_new RENAME TO quote_requests;
CREATE INDEX quote_requests_created ON quote_requests (created_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '4');
