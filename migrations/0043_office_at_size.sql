-- The office at a real firm's size (issue 40 item 9: `npm run bench:office`, its plans in docs/architecture.md).
-- The leads list walks each lead table newest first and stops at a page (functions/lib/office/leads.ts leadsQuery):
-- the reference breaks ties in the same order as the list.
CREATE INDEX quote_requests_newest ON quote_requests (created_at, reference);
CREATE INDEX callback_requests_newest ON callback_requests (created_at, reference);
CREATE INDEX contact_messages_newest ON contact_messages (created_at, reference);
-- They serve every question the created_at indexes did (retention's "older than"), so those go.
DROP INDEX IF EXISTS quote_requests_created;
DROP INDEX IF EXISTS callback_requests_created;
DROP INDEX IF EXISTS contact_messages_created;
-- "To do today": follow-ups due, and the week's booked moves.
CREATE INDEX office_leads_follow_up ON office_leads (follow_up_on);
-- With the reference, it also counts the new leads without reading the quotes themselves.
CREATE INDEX quote_requests_status_date ON quote_requests (status, move_date, reference);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '43');
