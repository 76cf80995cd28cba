-- Issue 18. Car transport is priced on request: the quote for it is a call-back request carrying the car as JSON
-- {"vehicle","runs","from","to"} (src/data/car-transport.ts), NULL for any other call-back.
ALTER TABLE callback_requests ADD COLUMN car TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '7');
