-- Where a quote's two postcodes were placed when it was priced (issue 32, item 4): the confirmation page draws its route
-- map from these and never asks the postcode service again. NULL for a quote stored unpriced, and for quotes stored
-- before this migration: their page shows the distance in words without the map.
ALTER TABLE quote_requests ADD COLUMN from_latitude REAL;
ALTER TABLE quote_requests ADD COLUMN from_longitude REAL;
ALTER TABLE quote_requests ADD COLUMN from_district TEXT;
ALTER TABLE quote_requests ADD COLUMN to_latitude REAL;
ALTER TABLE quote_requests ADD COLUMN to_longitude REAL;
ALTER TABLE quote_requests ADD COLUMN to_district TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '10');
