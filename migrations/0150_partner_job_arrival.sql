-- A partner's job says when they arrive and how many they bring (issue 43 item 4: the customer sees the partner's crew
-- as they see the firm's). Chosen by the partner as they accept the offer; a job claimed before this has neither, and
-- the diary's own window and crew size (if any) stand.
ALTER TABLE partner_jobs ADD COLUMN arrival_window TEXT;
ALTER TABLE partner_jobs ADD COLUMN crew_size INTEGER CHECK (crew_size IS NULL OR crew_size BETWEEN 1 AND 9);

INSERT OR REPLACE INTO app_meta (key, value) VALUES ('schema_version', '150');
