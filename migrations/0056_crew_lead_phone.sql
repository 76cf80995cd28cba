-- Lateness said first (issue 44 item 3): the office's urgent task names the crew lead's phone, kept with the crew.
ALTER TABLE crews ADD COLUMN lead_phone TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '56');
