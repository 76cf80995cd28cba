-- Drivers who apply to take moves as partners (issue 43 items 1 and 2), and the documents they upload to R2.
-- One writer each: functions/lib/partners/applications.ts.
CREATE TABLE partner_applications (
  reference TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  districts TEXT NOT NULL,               -- JSON array of outward codes, e.g. ["LS1","YO1"]
  van_tonnes REAL NOT NULL,
  registration TEXT NOT NULL,
  licence_since TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'applied' CHECK (status IN ('applied', 'approved', 'refused', 'suspended')),
  refusal_reason TEXT,
  work_days TEXT NOT NULL DEFAULT '[]',  -- JSON array of weekday numbers, 0 Sunday to 6 Saturday
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by TEXT
);
CREATE INDEX partner_applications_newest ON partner_applications (created_at);
CREATE INDEX partner_applications_email ON partner_applications (email, status);

CREATE TABLE partner_documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL REFERENCES partner_applications (reference),
  kind TEXT NOT NULL CHECK (kind IN ('licence', 'goods_in_transit', 'public_liability', 'mot')),
  r2_key TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  expires_on TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused')),
  uploaded_at TEXT NOT NULL,
  reminded_30_at TEXT,
  reminded_7_at TEXT
);
CREATE INDEX partner_documents_reference ON partner_documents (reference, kind);
CREATE INDEX partner_documents_expiry ON partner_documents (status, expires_on);
