-- Issue 18. A quote keeps the service a page started it for (`/quote?service=…`: NULL for a plain quote), so the
-- confirmation and both e-mails say what its total leaves out (a car, storage, packing).
ALTER TABLE quote_requests ADD COLUMN service TEXT;

-- The access at each end (floor, lift, parking distance: src/data/access.ts) as JSON {"from":{…},"to":{…}}, or NULL when
-- none was given. It goes to the mover; it never changes the price.
ALTER TABLE quote_requests ADD COLUMN access TEXT;

-- A home above three bedrooms asks for a survey, not a price: a call-back request carrying it as JSON
-- {"size","type","postcode"} (src/data/survey.ts), NULL for a plain call-back.
ALTER TABLE callback_requests ADD COLUMN survey TEXT;

-- The quote form without JavaScript answers every post with a redirect (post/redirect/get), so Back and reload never
-- ask to send it again. What the next page shows (the answers as typed, the messages, the price) waits here under an
-- unguessable id for a short time, never in the URL: it holds contact details. The Worker reads a state only before
-- `expires_at`; the cron trigger deletes the rest.
CREATE TABLE quote_form_states (
  id TEXT PRIMARY KEY,                   -- 128 random bits, base64url
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  state TEXT NOT NULL                    -- JSON: the values, errors and fill of the page
);
CREATE INDEX quote_form_states_expires ON quote_form_states (expires_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '5');
