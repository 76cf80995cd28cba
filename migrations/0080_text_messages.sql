-- Text messages with consent (issue 44 item 4). The one outbox carries e-mails and texts alike: `channel` says which;
-- a text's `recipient` is the mobile in E.164 and its payload { to, body }. `sending_until` is a claim held while one
-- consumer is asking the provider (Twilio takes no idempotency key, so two deliveries of one queue message must not both
-- send); `delivery_status` is the provider's latest word from its signed status callbacks, with its time and error code.
ALTER TABLE email_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms'));
ALTER TABLE email_outbox ADD COLUMN sending_until TEXT;
ALTER TABLE email_outbox ADD COLUMN delivery_status TEXT;
ALTER TABLE email_outbox ADD COLUMN delivery_error TEXT;
ALTER TABLE email_outbox ADD COLUMN delivery_at TEXT;
CREATE INDEX email_outbox_provider ON email_outbox (provider_id);

-- A customer's consent to day-of-move texts, one row per move: the mobile it was given for (E.164), and when and where
-- it was last given and taken back ('quote': the quote's box; 'move_page': the move page; 'stop': STOP texted to us).
-- Goes with its quote (erasure and retention delete the quote; the foreign key takes this row with it).
CREATE TABLE sms_consents (
  reference TEXT PRIMARY KEY REFERENCES quote_requests (reference) ON DELETE CASCADE,
  phone TEXT NOT NULL,
  opted_in INTEGER NOT NULL CHECK (opted_in IN (0, 1)),
  opted_in_at TEXT,
  opted_in_via TEXT CHECK (opted_in_via IN ('quote', 'move_page')),
  opted_out_at TEXT,
  opted_out_via TEXT CHECK (opted_out_via IN ('move_page', 'stop'))
);
CREATE INDEX sms_consents_phone ON sms_consents (phone, opted_in);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '80');
