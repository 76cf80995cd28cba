-- Issue 40 items 2 and 3: leads the office adds by hand from a phone call, corrections, and survey and car-transport
-- leads that reach a written quote.

-- Where a lead came from: the website, or a phone call the office typed in (so reports can tell them apart).
ALTER TABLE quote_requests ADD COLUMN source TEXT NOT NULL DEFAULT 'web' CHECK (source IN ('web', 'phone'));
ALTER TABLE callback_requests ADD COLUMN source TEXT NOT NULL DEFAULT 'web' CHECK (source IN ('web', 'phone'));

-- Survey and car-transport requests ask for an e-mail address (as typed; NULL: phone only, which stays possible).
ALTER TABLE callback_requests ADD COLUMN email TEXT;

-- A move the office made from a survey or car-transport request to write its quote: what the customer asked for, as
-- JSON {"kind":"survey","size","type"} or {"kind":"car","vehicle","runs"} (src/lib/office/lead-entry.ts); NULL for
-- every other quote. The request's row moves here under the same reference (functions/lib/office/lead-move.ts).
ALTER TABLE quote_requests ADD COLUMN request TEXT;

-- A lead added by hand, by the key of the form that added it (functions/lib/office/lead-entry.ts): the same form posted
-- twice (a double click, Back and send again) adds one lead. It goes with the lead (functions/lib/office/rows.ts).
CREATE TABLE office_entries (
  entry_key TEXT PRIMARY KEY,            -- 128 random bits from the form, base64url
  reference TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Lands after 0041-0043 were numbered: a database that has them keeps its higher version.
INSERT INTO app_meta (key, value) VALUES ('schema_version', '36')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE CAST(app_meta.value AS INTEGER) < 36;
