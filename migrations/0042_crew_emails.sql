-- The job sheet link e-mailed to the crew lead from the lead page (issue 40 item 7). The crew lead's address is kept
-- on the crew, from the last time the office sent them a link, to be offered the next time.
ALTER TABLE crews ADD COLUMN lead_email TEXT;

-- E-mails to a crew are their own outbox record type, 'crew': its link maker makes the job sheet link as the e-mail is
-- sent (the token is never stored, as for every other link). The CHECK is rebuilt as in 0016.
CREATE TABLE email_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback', 'alert', 'signin', 'account', 'move', 'staff', 'review', 'office', 'crew')),
  record_reference TEXT NOT NULL,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  payload TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'gave_up')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT NOT NULL,
  provider_id TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  alerted_at TEXT
);
INSERT INTO email_outbox_new SELECT id, record_type, record_reference, kind, recipient, payload, idempotency_key, status,
  attempts, last_error, next_attempt_at, provider_id, created_at, sent_at, alerted_at FROM email_outbox;
DROP TABLE email_outbox;
ALTER TABLE email_outbox_new RENAME TO email_outbox;
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_record ON email_outbox (record_reference);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '42');
