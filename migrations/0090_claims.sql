-- Claims with an answer (issue 44 item 7): a damage report becomes a claim with the item and its declared value, moved
-- by the office through received -> assessing -> offered (a sum, paid back as a refund) or declined (a reason). One
-- writer: functions/lib/claims.ts. `report_id` names the damage report whose note and photos it stands on.
CREATE TABLE claims (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  report_id INTEGER,                     -- job_reports.id, the customer's or crew's damage report
  item TEXT NOT NULL,
  declared_pence INTEGER NOT NULL CHECK (declared_pence > 0),
  status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'assessing', 'offered', 'declined')),
  offered_pence INTEGER,                 -- offered only: the sum offered, refunded through refund.ts
  refunded_pence INTEGER,                -- offered only: what Stripe took back at once (the rest is asked again by the cron)
  decline_reason TEXT,                   -- declined only
  opened_by TEXT NOT NULL,               -- 'customer' or the staff address that opened it
  waiting_at TEXT,                       -- set by the cron once it has waited more than 7 days unanswered
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX claims_one_per_report ON claims (report_id) WHERE report_id IS NOT NULL;
CREATE INDEX claims_reference ON claims (reference, id);
CREATE INDEX claims_waiting ON claims (status, waiting_at, created_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '90');
