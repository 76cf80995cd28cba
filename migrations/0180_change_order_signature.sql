-- The customer's drawn signature on a change order (issue 44 item 6), as on the condition record (0170): with
-- JavaScript the crew's phone shows the pad beside the typed name and tick, which stay the signature of record. The PNG
-- is in R2 under job-photos/ (the office reads it by the photos' route; the cron's sweep keeps it while this names it
-- and deletes it once the lead's rows are gone); null when none was drawn, or the customer answered on their own page.
-- One writer: functions/lib/office/change-orders.ts.
ALTER TABLE change_orders ADD COLUMN signature TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '180');
