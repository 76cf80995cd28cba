-- Moving a booked date (issue 34 item 3): whether a written quote's price depends on the date. The office ticks it when
-- writing the quote; only then is a new date priced again by the engine when a booked move's date changes.
ALTER TABLE written_quotes ADD COLUMN date_priced INTEGER NOT NULL DEFAULT 0;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '19');
