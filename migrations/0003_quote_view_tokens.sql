-- The secret links to a stored quote (/quote-confirmation?ref=…&t=…). Only the SHA-256 hash of each token is
-- kept: the token itself lives in the customer's link and nowhere else. A quote can have several: the one the
-- customer's browser went to, one per e-mail attempt made later by the cron trigger, one per replayed answer.
-- Deleted with their quote after 24 months (functions/cron.ts).
CREATE TABLE quote_view_tokens (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the token
  reference TEXT NOT NULL,               -- quote_requests.reference
  created_at TEXT NOT NULL
);
CREATE INDEX quote_view_tokens_reference ON quote_view_tokens (reference);

-- How the quote arrived: the wizard's JSON request, or the plain form on /quote (no JavaScript).
ALTER TABLE quote_requests ADD COLUMN via TEXT NOT NULL DEFAULT 'json' CHECK (via IN ('json', 'form'));

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '3');
