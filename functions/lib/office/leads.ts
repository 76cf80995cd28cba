/**
 * Every lead in one place (issue 33 item 2): quotes, call-backs (survey and car-transport requests among them) and
 * contact messages in one newest-first list, each with its place in the pipeline from office_leads. A lead with no
 * office_leads row is 'new': the row is made by the first staff action (lead-changes.ts), never by the customer's post.
 */
import { CLAIM_STATE_LABELS } from '~/lib/claims';
import { claimsWaiting } from '../claims';
import { addDays, londonToday } from '~/lib/dates';
import type { MoveStatus } from '~/lib/move-status';
import type { LeadSource } from '~/lib/office/lead-entry';
import { LEADS_PAGE_SIZE, type LeadFilters, type StaffChoice } from '~/lib/office/leads';
import type { LeadStage, LeadType } from '~/lib/office/pipeline';
import { compactPostcode } from '~/lib/postcodes';
import { discountedPrice } from '~/lib/price-to-pay';
import type { Env } from '../../env';
import { overdueBalances } from './owed';
import { ownerEmail } from './staff';
import { URGENT_FIRST } from './tasks';
import type { LeadSummary, LeadPage, OpenTask, TodoToday } from '~/lib/views/office';

const STAGE = `COALESCE(o.stage, 'new') AS stage, o.handler, o.follow_up_on, o.lost_reason`;

/**
 * One SELECT per table a lead lives in, with the same columns in the same order: one row per lead, with its place in the
 * pipeline. `kind`: the service a quote was started for, or survey/car/callback/contact.
 */
const ARMS: Record<LeadType, string> = {
  quote: `SELECT q.reference, 'quote' AS type, COALESCE(json_extract(q.request, '$.kind'), q.service, 'quote') AS kind, q.name,
    q.email, q.phone, q.created_at, q.move_date, q.from_postcode, q.to_postcode, q.total, q.promo_code, q.status AS quote_status,
    (SELECT w.total_pence FROM written_quotes w WHERE w.reference = q.reference AND w.accepted_at IS NOT NULL
      ORDER BY w.version DESC LIMIT 1) AS accepted_pence, q.source, ${STAGE}
  FROM quote_requests q LEFT JOIN office_leads o ON o.reference = q.reference`,
  callback: `SELECT c.reference, 'callback' AS type,
    CASE WHEN c.survey IS NOT NULL THEN 'survey' WHEN c.car IS NOT NULL THEN 'car' ELSE 'callback' END AS kind,
    c.name, c.email, c.phone, c.created_at, NULL AS move_date,
    COALESCE(json_extract(c.survey, '$.postcode'), json_extract(c.car, '$.from')) AS from_postcode,
    json_extract(c.car, '$.to') AS to_postcode, NULL AS total, NULL AS promo_code, NULL AS quote_status, NULL AS accepted_pence,
    c.source, ${STAGE}
  FROM callback_requests c LEFT JOIN office_leads o ON o.reference = c.reference`,
  contact: `SELECT m.reference, 'contact' AS type, 'contact' AS kind, m.first_name || ' ' || m.last_name AS name, m.email, m.phone,
    m.created_at, NULL AS move_date, NULL AS from_postcode, NULL AS to_postcode, NULL AS total, NULL AS promo_code,
    NULL AS quote_status, NULL AS accepted_pence, 'web' AS source, ${STAGE}
  FROM contact_messages m LEFT JOIN office_leads o ON o.reference = m.reference`,
};
const ALL_TYPES = Object.keys(ARMS) as LeadType[];

/** Leads made in [from, until) by kind and source, from the same SELECTs as the list (the owner's reports, issue 45). */
export async function leadCounts(db: D1Database, from: string, until: string): Promise<Array<{ kind: string; source: string; n: number }>> {
  const { results } = await db
    .prepare(
      `SELECT kind, source, COUNT(*) AS n FROM (${ALL_TYPES.map((type) => ARMS[type]).join(' UNION ALL ')})
       WHERE created_at >= ?1 AND created_at < ?2 GROUP BY kind, source ORDER BY kind, source`,
    )
    .bind(from, until)
    .all<{ kind: string; source: string; n: number }>();
  return results;
}

/**
 * The tables a kind of lead can be in: a filter by kind asks only those. A kind whose rows may move to another table
 * must name both here, or the list would miss them.
 */
const typesOfKind = (kind: string): LeadType[] =>
  kind === 'contact'
    ? ['contact']
    : kind === 'callback'
      ? ['callback']
      : // A survey or car request the office made a move keeps its kind (quote_requests.request, issue 40 item 3).
        kind === 'survey' || kind === 'car'
        ? ['callback', 'quote']
        : ['quote'];

/**
 * The leads `where` picks (over the columns above, its parameters numbered ?1, ?2…) among `types`, in `order`, `limit`
 * of them after `offset`. Each table answers its own first offset + limit through its index (issue 40 item 9:
 * migrations/0043), and only those are sorted together, so no query sorts every lead, or works out a column for a lead
 * it does not show.
 */
function leadsQuery(where: string, order: string, limit: number, { offset = 0, types = ALL_TYPES } = {}): string {
  const arms = types.map(
    (type) => `SELECT * FROM (SELECT * FROM (${ARMS[type]}) WHERE ${where} ORDER BY ${order} LIMIT ${offset + limit})`,
  );
  return `SELECT * FROM (${arms.join(' UNION ALL ')}) ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many leads `where` picks among `types`, in one row (`matching`). */
const countQuery = (where: string, types = ALL_TYPES): string =>
  `SELECT ${types.map((type) => `(SELECT COUNT(*) FROM (${ARMS[type]}) WHERE ${where})`).join(' + ')} AS matching`;

interface LeadRecord {
  reference: string;
  type: LeadType;
  kind: string;
  name: string;
  email: string | null;
  phone: string | null;
  created_at: string;
  move_date: string | null;
  from_postcode: string | null;
  to_postcode: string | null;
  total: number | null;
  promo_code: string | null;
  quote_status: string | null;
  accepted_pence: number | null;
  source: LeadSource;
  stage: LeadStage;
  handler: string | null;
  follow_up_on: string | null;
  lost_reason: string | null;
}

const summary = (row: LeadRecord): LeadSummary => ({
  reference: row.reference,
  type: row.type,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone,
  createdAt: row.created_at,
  moveDate: row.move_date,
  fromPostcode: row.from_postcode,
  toPostcode: row.to_postcode,
  valuePence: row.accepted_pence ?? (row.total === null ? null : discountedPrice(row.total, row.promo_code).pricePence),
  acceptedPence: row.accepted_pence,
  source: row.source,
  quoteStatus: row.quote_status as MoveStatus | null,
  stage: row.stage,
  handler: row.handler,
  followUpOn: row.follow_up_on,
  lostReason: row.lost_reason,
});

/** The WHERE of the list's filters, its parameters numbered in order (each table's SELECT uses them again). */
function filterClause(filters: LeadFilters): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    let next = params.length;
    parts.push(sql.replace(/\?/g, () => `?${(next += 1)}`));
    params.push(...values);
  };
  if (filters.stage) add('stage = ?', filters.stage);
  if (filters.kind) add('kind = ?', filters.kind);
  if (filters.from) add('move_date >= ?', filters.from);
  if (filters.to) add('move_date <= ?', filters.to);
  if (filters.q) {
    // instr(), not LIKE: what staff type is matched as written (`%` and `_` are no wildcards), and D1's limit on a
    // LIKE pattern's length (50 bytes, "LIKE or GLOB pattern too complex") never applies. Postcodes are compared
    // without spaces, as the customer may have typed them either way.
    const words = filters.q.toLowerCase();
    const postcode = compactPostcode(filters.q);
    add(
      `(upper(reference) = upper(?) OR instr(lower(name), ?) > 0 OR instr(lower(email), ?) > 0
        OR instr(replace(upper(from_postcode), ' ', ''), ?) > 0 OR instr(replace(upper(to_postcode), ' ', ''), ?) > 0)`,
      filters.q,
      words,
      words,
      postcode,
      postcode,
    );
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

export async function listLeads(db: D1Database, filters: LeadFilters): Promise<LeadPage> {
  const where = filterClause(filters);
  const { results } = await db
    .prepare(
      leadsQuery(where.sql, 'created_at DESC, reference DESC', LEADS_PAGE_SIZE + 1, {
        offset: (filters.page - 1) * LEADS_PAGE_SIZE,
        ...(filters.kind ? { types: typesOfKind(filters.kind) } : {}),
      }),
    )
    .bind(...where.params)
    .all<LeadRecord>();
  return { leads: results.slice(0, LEADS_PAGE_SIZE).map(summary), page: filters.page, more: results.length > LEADS_PAGE_SIZE };
}

export async function findLead(db: D1Database, reference: string): Promise<LeadSummary | null> {
  const row = await db
    .prepare(leadsQuery('reference = ?1', 'created_at DESC', 1))
    .bind(reference)
    .first<LeadRecord>();
  return row ? summary(row) : null;
}

/** Enough of each to act on at a glance; the heading counts them all, and the list below has the rest. */
const TODO_LIMIT = 20;

export async function todoToday(db: D1Database, now: Date): Promise<TodoToday> {
  const today = londonToday(now);
  // Each list and its count in the same round trip: a count walks every match, the list only the first few.
  const leads = (where: string, order: string, params: unknown[] = [], types = ALL_TYPES) => [
    db.prepare(leadsQuery(where, order, TODO_LIMIT, { types })).bind(...params),
    db.prepare(countQuery(where, types)).bind(...params),
  ];
  const overdue = overdueBalances(db, today);
  const [fresh, freshCount, followUps, followUpCount, tasks, moves, moveCount] = await db.batch([
    ...leads(`stage = 'new' AND (type <> 'quote' OR quote_status NOT IN ('cancelled', 'declined'))`, 'created_at DESC'),
    ...leads(`follow_up_on <= ?1 AND stage NOT IN ('done', 'lost')`, 'follow_up_on, created_at', [today]),
    db.prepare(
      `SELECT id, record_reference AS reference, kind, detail, created_at AS createdAt, COUNT(*) OVER () AS matching
       FROM office_tasks WHERE done_at IS NULL ORDER BY ${URGENT_FIRST}, created_at, id LIMIT 100`,
    ),
    ...leads(
      `quote_status IN ('booked', 'booking_requested') AND move_date BETWEEN ?1 AND ?2`,
      'move_date, reference',
      [today, addDays(today, 7)],
      ['quote'],
    ),
  ]);
  const rows = (result: D1Result | undefined) => ((result?.results ?? []) as LeadRecord[]).map(summary);
  const count = (result: D1Result | undefined) => (result?.results[0] as { matching?: number } | undefined)?.matching ?? 0;
  const [owing, waiting] = await Promise.all([overdue, claimsWaiting(db)]);
  return {
    newLeads: rows(fresh),
    followUps: rows(followUps),
    tasks: ((tasks?.results ?? []) as Array<OpenTask & { matching?: number }>).map(({ matching: _all, ...task }) => task),
    moves: rows(moves),
    overdue: owing.slice(0, TODO_LIMIT),
    claims: waiting.map((claim) => ({
      id: claim.id,
      reference: claim.reference,
      item: claim.item,
      state: CLAIM_STATE_LABELS[claim.status],
      since: londonToday(new Date(claim.createdAt)),
    })),
    counts: {
      newLeads: count(freshCount),
      followUps: count(followUpCount),
      tasks: count(tasks),
      moves: count(moveCount),
      overdue: owing.length,
    },
  };
}

/** Who a lead can be handed to: the owner and every current staff member. */
export async function staffChoices(env: Env): Promise<StaffChoice[]> {
  const owner = ownerEmail(env);
  const { results } = await env.DB.prepare(
    'SELECT email, name FROM staff_members WHERE removed_at IS NULL ORDER BY name, email',
  ).all<StaffChoice>();
  return [...(owner ? [{ email: owner, name: 'Owner' }] : []), ...results.filter((each) => each.email !== owner)];
}
