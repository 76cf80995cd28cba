-- The marketplace (issue 43 items 4-6): a booked move offered to approved partners, and the one partner whose job it is.
-- A move has at most one partner at a time: the partial unique index is what makes two simultaneous accepts end with
-- exactly one claim (the second INSERT fails), and a job given back frees the move for the next claim.
CREATE TABLE partner_offers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference: the move offered
  partner_reference TEXT NOT NULL REFERENCES partner_applications (reference),
  share_pence INTEGER NOT NULL CHECK (share_pence >= 0), -- the job's price less the commission, fixed when offered
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'taken', 'declined', 'withdrawn')),
  offered_at TEXT NOT NULL,
  offered_by TEXT NOT NULL,              -- a member of staff's e-mail, or 'site' when the site offered it itself
  answered_at TEXT
);
CREATE UNIQUE INDEX partner_offers_once ON partner_offers (reference, partner_reference) WHERE status = 'open';
CREATE INDEX partner_offers_partner ON partner_offers (partner_reference, status);
CREATE INDEX partner_offers_reference ON partner_offers (reference, status);

CREATE TABLE partner_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  partner_reference TEXT NOT NULL REFERENCES partner_applications (reference),
  share_pence INTEGER NOT NULL CHECK (share_pence >= 0), -- what the partner is paid for it, from the offer
  claimed_at TEXT NOT NULL,
  given_back_at TEXT,                    -- set when the partner gave the job back
  given_back_late INTEGER NOT NULL DEFAULT 0 CHECK (given_back_late IN (0, 1)), -- inside 72 hours of the move
  give_back_reason TEXT
);
CREATE UNIQUE INDEX partner_jobs_one_partner ON partner_jobs (reference) WHERE given_back_at IS NULL;
CREATE INDEX partner_jobs_partner ON partner_jobs (partner_reference, claimed_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '70');
