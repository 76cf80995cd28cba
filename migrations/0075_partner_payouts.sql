-- Partners paid through Stripe Connect (issue 43 item 5); one writer: functions/lib/partners/payouts.ts.
-- The firm stays the merchant of record: the customer pays the firm, and the partner's share goes to their Express
-- account by a transfer 48 hours after "Job done". Each row is stored before Stripe is asked, and its idempotency key
-- is its own (partner-account-<partner>, partner-transfer-<job>, partner-reversal-<id>), so a retry never pays twice.
CREATE TABLE partner_payout_accounts (
  partner_reference TEXT PRIMARY KEY REFERENCES partner_applications (reference),
  stripe_account_id TEXT UNIQUE,         -- null until Stripe has answered the first "Get paid"
  details_submitted INTEGER NOT NULL DEFAULT 0 CHECK (details_submitted IN (0, 1)),
  payouts_enabled INTEGER NOT NULL DEFAULT 0 CHECK (payouts_enabled IN (0, 1)),
  transfers_active INTEGER NOT NULL DEFAULT 0 CHECK (transfers_active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- One transfer a job, ever (UNIQUE job_id): two cron runs at once insert one row, and only its inserter asks Stripe.
CREATE TABLE partner_transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id INTEGER NOT NULL UNIQUE REFERENCES partner_jobs (id),
  reference TEXT NOT NULL,               -- the move
  partner_reference TEXT NOT NULL,
  destination TEXT NOT NULL,             -- the partner's connected account
  share_pence INTEGER NOT NULL CHECK (share_pence >= 0),
  price_pence INTEGER NOT NULL CHECK (price_pence >= 0), -- the job's price the share was taken from
  refunded_before_pence INTEGER NOT NULL CHECK (refunded_before_pence >= 0), -- refunded to the customer before it
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  status TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'failed', 'succeeded', 'nothing')),
  stripe_transfer_id TEXT UNIQUE,
  attempts INTEGER NOT NULL DEFAULT 1,
  next_attempt_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  done_at TEXT
);
CREATE INDEX partner_transfers_partner ON partner_transfers (partner_reference, created_at);
CREATE INDEX partner_transfers_reference ON partner_transfers (reference);
CREATE INDEX partner_transfers_retry ON partner_transfers (status, next_attempt_at);

-- A refund to the customer after the transfer takes back the partner's part of it. `reversed_to_pence` is the
-- transfer's whole reversed total once this one is made: UNIQUE, so the same refund seen twice reverses once.
CREATE TABLE partner_reversals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  transfer_id INTEGER NOT NULL REFERENCES partner_transfers (id),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  reversed_to_pence INTEGER NOT NULL,
  refunded_pence INTEGER NOT NULL,       -- the customer's refunds it answers, all told
  status TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'failed', 'succeeded')),
  stripe_reversal_id TEXT UNIQUE,
  attempts INTEGER NOT NULL DEFAULT 1,
  next_attempt_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  done_at TEXT,
  UNIQUE (transfer_id, reversed_to_pence)
);

-- Staff release a job held by a damage report or claim: the reports up to `through_report_id` (job_reports.id) and the
-- disputes made by `released_at`. A report or dispute made after the release holds it again.
CREATE TABLE partner_payout_releases (
  job_id INTEGER PRIMARY KEY REFERENCES partner_jobs (id),
  through_report_id INTEGER NOT NULL,
  released_at TEXT NOT NULL,
  released_by TEXT NOT NULL
);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '75');
