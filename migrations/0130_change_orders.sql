-- Extras only by a signed change (issue 44 item 6): on the day the crew add lines from the price table the quote
-- engine and the office's written quote use (src/data/furniture.ts), never a typed price; the customer accepts with
-- their typed name and a tick, or refuses. Only an accepted one makes the written quote's next version
-- (written_version), which raises the balance by total_pence. One writer: functions/lib/office/change-orders.ts.
CREATE TABLE change_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL REFERENCES quote_requests (reference) ON DELETE CASCADE,
  lines TEXT NOT NULL,                   -- JSON [{"item", "label", "quantity", "unitPence", "pence"}] from the price table
  total_pence INTEGER NOT NULL CHECK (total_pence > 0),
  status TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'refused')),
  proposed_by TEXT NOT NULL,             -- crew:<first name>, as the audit line says
  proposed_at TEXT NOT NULL,
  tap TEXT,                              -- the sheet form's one-use key: a proposal posted twice is stored once
  signed_name TEXT,                      -- the customer's typed full name, when accepted
  agreed TEXT,                           -- the words they ticked, as the page showed them
  decided_by TEXT,                       -- where the customer answered: 'crew-phone' or 'move-page'
  decided_at TEXT,
  written_version INTEGER,               -- the written quote version the accepted change made
  UNIQUE (reference, tap)
);

CREATE INDEX change_orders_reference ON change_orders (reference, status);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '130');
