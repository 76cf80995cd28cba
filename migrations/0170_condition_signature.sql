-- The customer's drawn signature on a condition record (issue 44 item 5): with JavaScript the crew's phone shows a pad
-- beside the typed name and tick, which stay the legal record. The PNG is in R2 under job-photos/ with the record's
-- photos (so the office reads it by the same route and the cron's sweep keeps it while this names it); null when none
-- was drawn. One writer: functions/lib/office/condition.ts.
ALTER TABLE condition_records ADD COLUMN signature TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '170');
