-- Money never taken twice or kept wrongly (issue 39). A payment's purpose has one open Checkout Session at a time
-- (`open_key`, unique), which the cron asks Stripe about until it is paid or closed (`next_check_at`); a paid one is
-- fulfilled once (`fulfilled_at`: the move booked, or the money not owed sent back). New states: 'processing' (a bank
-- payment Stripe has not yet confirmed), 'expired' (Checkout closed unpaid), 'payment_failed' (the bank refused it),
-- 'mismatch' (Stripe took another amount or currency than asked: never counted as paid). The CHECK is rebuilt as in
-- 0006. Refunds point at payments, so they are rebuilt first, pointing at the new table: no row is ever without its
-- payment, and the rename carries the reference over.

CREATE TABLE payments_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  purpose TEXT NOT NULL CHECK (purpose IN ('deposit', 'balance')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  checkout_session_id TEXT UNIQUE,       -- cs_…, set once Stripe answers (NULL: Stripe never took the request)
  payment_intent TEXT,                   -- pi_…, once the customer has paid on Checkout
  status TEXT NOT NULL DEFAULT 'created' CHECK (status IN
    ('created', 'failed', 'processing', 'paid', 'refunded', 'partially_refunded', 'expired', 'payment_failed', 'mismatch')),
  refunded_pence INTEGER NOT NULL DEFAULT 0,
  paid_event_id TEXT,                    -- the event that marked it paid (NULL when the return page or the cron did)
  last_error TEXT,                       -- why Stripe refused the session, in its words
  created_at TEXT NOT NULL,
  paid_at TEXT,
  open_key TEXT UNIQUE,                  -- '<reference>:<purpose>' while it is that purpose's one open session
  expires_at TEXT,                       -- when Checkout closes the session unpaid
  next_check_at TEXT,                    -- when the cron next asks Stripe how the session stands
  fulfilled_at TEXT,                     -- paid, and its move booked or the money not owed refunded
  received_pence INTEGER,                -- what Stripe said it took, when that was not what was asked ('mismatch')
  received_currency TEXT,
  disputed_at TEXT                       -- the card holder disputed it (charge.dispute.created)
);
INSERT INTO payments_new (id, reference, purpose, amount_pence, checkout_session_id, payment_intent, status, refunded_pence,
  paid_event_id, last_error, created_at, paid_at, expires_at, next_check_at, fulfilled_at)
SELECT id, reference, purpose, amount_pence, checkout_session_id, payment_intent, status, refunded_pence, paid_event_id,
  last_error, created_at, paid_at,
  CASE WHEN status = 'created' THEN strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day') END,
  -- Sessions still open: the next cron run asks Stripe about each.
  CASE WHEN status = 'created' AND checkout_session_id IS NOT NULL THEN created_at END,
  -- Paid before: the event that paid it booked the move in the same batch.
  CASE WHEN status IN ('paid', 'refunded', 'partially_refunded') THEN paid_at END
FROM payments;
-- Each purpose's newest open session is the one to reuse; any older one is closed at Stripe by the Worker (payments/open.ts).
UPDATE payments_new SET open_key = reference || ':' || purpose
WHERE status = 'created' AND checkout_session_id IS NOT NULL
  AND id = (SELECT max(n.id) FROM payments_new n WHERE n.reference = payments_new.reference AND n.purpose = payments_new.purpose
            AND n.status = 'created' AND n.checkout_session_id IS NOT NULL);
-- A refund Stripe refused is tried again by the cron under the same idempotency key (`next_attempt_at`), for up to a
-- day; `source` 'stripe' is one made outside the site (Stripe's dashboard), learnt from charge.refunded.
CREATE TABLE refunds_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_id INTEGER NOT NULL REFERENCES payments_new (id),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  reason TEXT,
  stripe_refund_id TEXT UNIQUE,          -- re_…, set once Stripe answers
  status TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'failed', 'succeeded')),
  created_at TEXT NOT NULL,
  done_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 1,
  next_attempt_at TEXT,                  -- 'failed' and tried again then; 'failed' without it: given up, the office makes it
  last_error TEXT,
  source TEXT NOT NULL DEFAULT 'site' CHECK (source IN ('site', 'stripe'))
);
INSERT INTO refunds_new (id, payment_id, amount_pence, reason, stripe_refund_id, status, created_at, done_at)
SELECT id, payment_id, amount_pence, reason, stripe_refund_id, status, created_at, done_at FROM refunds;
DROP TABLE refunds;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX payments_reference ON payments (reference, id);
CREATE INDEX payments_check ON payments (next_check_at) WHERE next_check_at IS NOT NULL;
CREATE INDEX payments_intent ON payments (payment_intent);
CREATE INDEX refunds_payment ON refunds (payment_id);
CREATE INDEX refunds_retry ON refunds (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '21');
