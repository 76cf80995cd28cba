-- Stripe's fee on each card payment (issue 45 item 3: "every payment, refund, transfer to a partner and fee"), read
-- from the PaymentIntent's latest charge's balance transaction when the payment is confirmed (webhook, move page or
-- cron). Null: not read yet, shown as "not yet known", never as £0. fee_checked_at: when the cron last asked Stripe for
-- a fee still unknown, so a payment Stripe cannot answer for is asked about hourly, not every run.
-- One writer: functions/lib/payments/fulfil.ts.
ALTER TABLE payments ADD COLUMN stripe_fee_pence INTEGER;
ALTER TABLE payments ADD COLUMN fee_checked_at TEXT;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '200');
