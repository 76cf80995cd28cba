-- The office (issue 33): staff, their sessions and every action they take; each lead's place in the pipeline, notes
-- and things to do; written quotes; crews, vans and the diary; the crew's job sheets and what happened on the day.
-- Every address is stored lower-cased (functions/lib/account/tokens.ts accountEmail).

-- The owner is OWNER_EMAIL (a Worker variable, never a row); the owner adds and removes everyone else here.
CREATE TABLE staff_members (
  email TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  added_by TEXT NOT NULL,
  added_at TEXT NOT NULL,
  removed_at TEXT                        -- set when the owner removes them: their sessions end with it
);

-- Which kind of session a sign-in link starts: a staff link is sent only to the owner or a current staff member.
ALTER TABLE sign_in_links ADD COLUMN role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'staff'));

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,           -- hex SHA-256 of the staff cookie's value
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL               -- 12 hours after created_at
);
CREATE INDEX staff_sessions_email ON staff_sessions (email);

-- Who did what, when, to which record: every staff action, and the customer's and crew's actions the office sees.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL,
  actor TEXT NOT NULL,                   -- a staff address, 'customer', 'crew:<first name>' or 'system'
  action TEXT NOT NULL,                  -- a key of OFFICE_ACTIONS (src/lib/office/actions.ts)
  record_reference TEXT,                 -- the lead it touched, if any
  detail TEXT                            -- plain words shown in the history
);
CREATE INDEX audit_log_reference ON audit_log (record_reference, id);

-- A lead's place in the office's pipeline: one row per quote, contact message or call-back (made when first seen).
CREATE TABLE office_leads (
  reference TEXT PRIMARY KEY,
  record_type TEXT NOT NULL CHECK (record_type IN ('quote', 'contact', 'callback')),
  stage TEXT NOT NULL DEFAULT 'new'
    CHECK (stage IN ('new', 'contacted', 'survey_booked', 'quoted', 'booked', 'done', 'lost')),
  lost_reason TEXT,
  handler TEXT,                          -- the staff address handling it
  follow_up_on TEXT,                     -- YYYY-MM-DD
  updated_at TEXT NOT NULL
);
CREATE INDEX office_leads_stage ON office_leads (stage, follow_up_on);

CREATE TABLE office_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_reference TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  note TEXT NOT NULL
);
CREATE INDEX office_notes_reference ON office_notes (record_reference, id);

-- Something a customer or crew did that the office must act on (a booking request, a date change, an accepted quote…).
CREATE TABLE office_tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_reference TEXT NOT NULL,
  kind TEXT NOT NULL,                    -- a key of OFFICE_TASKS (src/lib/office/tasks.ts)
  detail TEXT,
  created_at TEXT NOT NULL,
  done_at TEXT,
  done_by TEXT
);
CREATE INDEX office_tasks_open ON office_tasks (done_at, created_at);
CREATE INDEX office_tasks_reference ON office_tasks (record_reference);

-- A firm price written by the office. A new version replaces the old: the customer sees only the newest sent one.
CREATE TABLE written_quotes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,               -- quote_requests.reference
  version INTEGER NOT NULL,
  lines TEXT NOT NULL,                   -- JSON [{"label": string, "pence": integer}], discounts negative
  code TEXT,                             -- the promo or referral code applied, as stored with the quote
  discount_pence INTEGER NOT NULL DEFAULT 0,
  total_pence INTEGER NOT NULL,          -- what the customer pays: the lines less the code's discount
  deposit_pence INTEGER NOT NULL,
  valid_until TEXT NOT NULL,             -- YYYY-MM-DD
  included TEXT,                         -- what the price includes, in the office's words
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  accepted_at TEXT,
  UNIQUE (reference, version)
);

CREATE TABLE crews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_name TEXT NOT NULL,               -- the crew lead's name; customers see the first name only
  size INTEGER NOT NULL CHECK (size BETWEEN 1 AND 12),
  created_at TEXT NOT NULL,
  removed_at TEXT
);

CREATE TABLE vans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,                    -- how the office tells it apart, e.g. a registration
  size TEXT NOT NULL,                    -- a key of VAN_SIZES (src/lib/office/diary.ts)
  created_at TEXT NOT NULL,
  removed_at TEXT
);

-- A move in the diary: provisionally held, or booked with its crew, van and arrival window.
CREATE TABLE diary_entries (
  reference TEXT PRIMARY KEY,            -- quote_requests.reference
  move_date TEXT NOT NULL,               -- YYYY-MM-DD
  status TEXT NOT NULL CHECK (status IN ('held', 'booked')),
  crew_id INTEGER,
  van_id INTEGER,
  arrival_window TEXT,                   -- a key of ARRIVAL_WINDOWS (src/lib/office/diary.ts)
  override_reason TEXT,                  -- set when staff booked a day that had no capacity left
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX diary_entries_date ON diary_entries (move_date);

-- The crew lead's link to a move's job sheet: valid until the end of the day after the move.
CREATE TABLE job_sheet_tokens (
  token_hash TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX job_sheet_tokens_reference ON job_sheet_tokens (reference);

-- What the crew reported from the job sheet; photos are R2 object keys.
CREATE TABLE job_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('on_our_way', 'done', 'problem')),
  created_at TEXT NOT NULL,
  eta TEXT,                              -- HH:MM, "On our way" only
  note TEXT,
  photos TEXT                            -- JSON array of R2 keys
);
CREATE INDEX job_reports_reference ON job_reports (reference, id);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '11');
