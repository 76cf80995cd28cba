-- The facts a job needs (issue 40 item 1): the street address at each end in the GOV.UK pattern. Address line 1 stays
-- in from_address / to_address (the one address line quotes had before); line 2 and the town or city are new. All
-- may be NULL on an estimate; a written quote is not sent, and a move not booked, without line 1 and the town at both
-- ends (src/lib/move-facts.ts missingAddress).
--
-- The access answers stay in `access` (JSON, 0005) and gain a fourth question, `carry` (a long carry), and the price
-- (`pricing`, JSON) gains the access table's charges (`access`, `accessCosts`: issue 41 item 3). Prices stored before
-- this have none, and are read as such (src/lib/pricing.ts storedPricing).
ALTER TABLE quote_requests ADD COLUMN from_address2 TEXT;
ALTER TABLE quote_requests ADD COLUMN from_town TEXT;
ALTER TABLE quote_requests ADD COLUMN to_address2 TEXT;
ALTER TABLE quote_requests ADD COLUMN to_town TEXT;

-- Lands after 0042 on databases that had it: the version never goes down.
INSERT INTO app_meta (key, value) VALUES ('schema_version', '26')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE CAST(app_meta.value AS INTEGER) < 26;
