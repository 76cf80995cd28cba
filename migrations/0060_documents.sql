-- Receipts, invoices and credit notes (issue 45 item 2). `number` is the one sequence every document takes its number
-- from: each is given MAX(number) + 1 in the statement that stores it, so numbers run 1, 2, 3… with no gap or repeat
-- (D1 runs one statement at a time; a row is never deleted, as HMRC asks six years). `source` is what it was issued for
-- (payment:<id>, refund:<id>, invoice:<reference>), once. `body` is the document as issued, never recomputed.
CREATE TABLE documents (
  number INTEGER PRIMARY KEY,
  source TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('receipt', 'invoice', 'credit_note')),
  reference TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  total_pence INTEGER NOT NULL,
  vat_pence INTEGER,
  body TEXT NOT NULL
);

CREATE INDEX documents_reference ON documents (reference, number);
CREATE INDEX documents_issued ON documents (issued_at);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '60');
