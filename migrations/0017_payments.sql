-- Card payments through Stripe Checkout (issue 34): every payment, refund and webhook event is stored. A payment's row is
-- written before Stripe is asked for its Checkout Session, so a payment is never made without our record of it.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  purpose TEXT NOT NULL CHECK (purpose IN ('deposit', 'balance')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  checkout_session_id TEXT UNIQUE,       -- cs_…, set once Stripe answers (NULL: Stripe never took the request)
  payment_intent TEXT,                   -- pi_…, from the checkout.session.completed event
  status TEXT NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'failed', 'paid', 'refunded', 'partially_refunded')),
  refunded_pence INTEGER NOT NULL DEFAULT 0,
  paid_event_id TEXT,                    -- the event that marked it paid
  last_error TEXT,                       -- why Stripe refused the session, in its words
  created_at TEXT NOT NULL,
  paid_at TEXT
);
CREATE INDEX payments_reference ON payments (reference, id);

CREATE TABLE refunds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
  reason TEXT,
  stripe_refund_id TEXT UNIQUE,          -- re_…, set once Stripe answers
  status TEXT NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'failed', 'succeeded')),
  created_at TEXT NOT NULL,
  done_at TEXT
);
CREATE INDEX refunds_payment ON refunds (payment_id);

-- Every signed event Stripe delivered, once by its id: a replay finds its row and changes nothing. `delivery` is a
-- random value per request, so the statements in the same batch can tell the first delivery from a replay.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,                   -- evt_…
  type TEXT NOT NULL,
  received_at TEXT NOT NULL,
  delivery TEXT NOT NULL,
  payload TEXT NOT NULL
);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '17');
