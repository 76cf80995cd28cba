/** Reading partner applications and their documents (issue 43); functions/lib/partners/applications.ts writes them. */
import type { DocumentKind } from '~/lib/partners/apply';
import type { PartnerView } from '~/lib/views/partners';

/** A partner as stored: what the office and the partner see of them. */
export type PartnerRow = PartnerView;

export interface DocumentRow {
  id: number;
  reference: string;
  kind: DocumentKind;
  r2Key: string;
  contentType: string;
  size: number;
  expiresOn: string | null;
  status: 'pending' | 'approved' | 'refused';
  uploadedAt: string;
}

const PARTNER_COLUMNS = `reference, name, email, phone, districts, van_tonnes AS vanTonnes, registration, licence_since AS licenceSince,
  status, refusal_reason AS refusalReason, work_days AS workDays, created_at AS createdAt, decided_at AS decidedAt, decided_by AS decidedBy`;
const DOCUMENT_COLUMNS = `id, reference, kind, r2_key AS r2Key, content_type AS contentType, size, expires_on AS expiresOn, status,
  uploaded_at AS uploadedAt`;

type RawPartner = Omit<PartnerRow, 'districts' | 'workDays'> & { districts: string; workDays: string };
const partnerOf = (raw: RawPartner): PartnerRow => ({
  ...raw,
  districts: JSON.parse(raw.districts) as string[],
  workDays: JSON.parse(raw.workDays) as number[],
});

export async function findApplication(db: D1Database, reference: string): Promise<PartnerRow | null> {
  const raw = await db
    .prepare(`SELECT ${PARTNER_COLUMNS} FROM partner_applications WHERE reference = ?`)
    .bind(reference)
    .first<RawPartner>();
  return raw && partnerOf(raw);
}

/** The newest first, at most 200: an office vets a few a week. */
export async function listApplications(db: D1Database): Promise<PartnerRow[]> {
  const { results } = await db
    .prepare(`SELECT ${PARTNER_COLUMNS} FROM partner_applications ORDER BY created_at DESC, reference LIMIT 200`)
    .all<RawPartner>();
  return results.map(partnerOf);
}

/** Every approved partner (a paused one is 'suspended', so never here): those a move may be offered to. */
export async function approvedPartners(db: D1Database): Promise<PartnerRow[]> {
  const { results } = await db
    .prepare(`SELECT ${PARTNER_COLUMNS} FROM partner_applications WHERE status = 'approved' ORDER BY reference LIMIT 1000`)
    .all<RawPartner>();
  return results.map(partnerOf);
}

/** The partner an address signs in as: approved or paused (suspended), the latest if they applied more than once. */
export async function partnerByEmail(db: D1Database, email: string): Promise<PartnerRow | null> {
  const raw = await db
    .prepare(
      `SELECT ${PARTNER_COLUMNS} FROM partner_applications WHERE email = ? AND status IN ('approved', 'suspended')
       ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(email.toLowerCase())
    .first<RawPartner>();
  return raw && partnerOf(raw);
}

export async function documentsOf(db: D1Database, reference: string): Promise<DocumentRow[]> {
  const { results } = await db
    .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM partner_documents WHERE reference = ? ORDER BY id`)
    .bind(reference)
    .all<DocumentRow>();
  return results;
}

export const findDocument = (db: D1Database, id: number) =>
  db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM partner_documents WHERE id = ?`).bind(id).first<DocumentRow>();
