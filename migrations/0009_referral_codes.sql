-- Referrals made real (issue 19, item 7): each signed-in address gets its own code, made the first time it is shown.
-- A quote made with a friend's code keeps it in quote_requests.promo_code (as XXXX-XXXX-XXXX), so the referrer's
-- figures are counted from the quotes themselves: nothing to keep in step.
CREATE TABLE referral_codes (
  code TEXT PRIMARY KEY,                 -- 12 characters of Crockford's base 32 in groups of four (src/lib/referral.ts)
  email TEXT NOT NULL UNIQUE,            -- lower-cased, like sessions.email
  created_at TEXT NOT NULL
);

CREATE INDEX quote_requests_promo_code ON quote_requests (promo_code);
