// The office at a real firm's size (issue 40 item 9), written straight into a local D1 file: leads over two years
// (quotes, survey and car requests, call-backs, messages) with the office's stages, handlers, follow-ups, notes, to-dos,
// written quotes, crews, vans and a diary, their e-mails and audit lines. Each lead is a copy of a real one the Worker
// stored (a "template": priced by the real engine, in whatever columns the schema has by then), with its own
// reference, name, date and postcodes, so every page reads rows it could have written itself.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { furnitureIds } from '../../src/data/furniture.ts';
import { packages } from '../../src/data/packages.ts';
import { addDays as addCalendarDays, londonToday } from '../../src/lib/dates.ts';
import { openDayFrom } from '../../src/lib/move-date.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Ella',
  'Farah',
  'George',
  'Hana',
  'Isaac',
  'Jade',
  'Kofi',
  'Leah',
  'Mo',
  'Nia',
  'Owen',
  'Priya',
  'Rhys',
  'Sara',
  'Tom',
  'Zoe',
];
const LAST = [
  'Adeyemi',
  'Brown',
  'Campbell',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Nowak',
  'Okafor',
  'Patel',
  'Roberts',
  'Smith',
  'Taylor',
  'Wilson',
];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Mill Lane', 'Park Avenue', 'Victoria Road', 'Acacia Avenue', 'Green Lane'];
const STAFF = ['owner@shiftly.example', 'amira@shiftly.example', 'jack@shiftly.example', 'lucy@shiftly.example'];
const ACTIONS = [
  ['note_added', 'Note added'],
  ['stage_changed', 'Stage: new → contacted'],
  ['follow_up_set', 'Follow-up set'],
  ['handler_set', 'Handler: Amira'],
  ['written_quote_sent', 'Written quote sent'],
  ['task_done', 'Marked as done'],
];

/** A small seeded generator (mulberry32): the same seed makes the same office. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

const day = (date) => date.toISOString().slice(0, 10);
const addDays = (date, days) => new Date(date.getTime() + days * 86_400_000);

export function openWritableD1(state) {
  const folder = join(state, 'v3/d1/miniflare-D1DatabaseObject');
  if (!existsSync(folder)) throw new Error(`No local database in ${state}: start the site once (npm start) to make it.`);
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`No local database file in ${folder}.`);
  return new DatabaseSync(join(folder, file), { timeout: 30_000 });
}

/** The table's columns, in order, without its integer key. */
const columnsOf = (db, table) =>
  db
    .prepare(`SELECT name FROM pragma_table_info(?)`)
    .all(table)
    .map((row) => row.name)
    .filter((name) => name !== 'id');

/**
 * A statement that copies row `id` of `table` with the named columns set anew: every other column (whatever later
 * migrations added) keeps the template's value. Run it with (…values of `set` in order, template id).
 */
function copier(db, table, set) {
  const columns = columnsOf(db, table);
  for (const name of set) if (!columns.includes(name)) throw new Error(`${table} has no column ${name}: the seed needs updating`);
  const values = columns.map((name) => (set.includes(name) ? `?${set.indexOf(name) + 1}` : name));
  return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table} WHERE id = ?${set.length + 1}`);
}

const one = (db, sql) => db.prepare(sql).get();

/** The templates the Worker stored: priced quotes, a survey, a car and a plain call-back, a message. */
export function findTemplates(db) {
  const quotes = db
    .prepare('SELECT id FROM quote_requests WHERE total IS NOT NULL ORDER BY id')
    .all()
    .map((row) => row.id);
  const survey = one(db, 'SELECT id FROM callback_requests WHERE survey IS NOT NULL ORDER BY id LIMIT 1')?.id;
  const car = one(db, 'SELECT id FROM callback_requests WHERE car IS NOT NULL ORDER BY id LIMIT 1')?.id;
  const callback = one(db, 'SELECT id FROM callback_requests WHERE survey IS NULL AND car IS NULL ORDER BY id LIMIT 1')?.id;
  const contact = one(db, 'SELECT id FROM contact_messages ORDER BY id LIMIT 1')?.id;
  const missing = [
    !quotes.length && 'a priced quote',
    !survey && 'a survey request',
    !car && 'a car request',
    !callback && 'a call-back',
    !contact && 'a message',
  ].filter(Boolean);
  if (missing.length) throw new Error(`The seed copies leads the Worker stored; the database has no ${missing.join(', ')}.`);
  return { quotes, survey, car, callback, contact };
}

/**
 * Seeds `db` with `leads` leads, `emails` outbox rows and `audit` audit lines (at least), around `now`: a fifth of the
 * quotes booked, the diary full of the weeks around today. Returns what it wrote.
 */
export function seedOffice(db, { leads = 10_000, emails = 50_000, audit = 20_000, now = new Date(), seed = 40 } = {}) {
  const random = generator(seed);
  const templates = findTemplates(db);
  const postcodes = db
    .prepare('SELECT from_postcode AS postcode FROM quote_requests UNION SELECT to_postcode FROM quote_requests')
    .all()
    .map((row) => row.postcode);
  const taken = new Set(
    db
      .prepare('SELECT reference FROM reference_numbers')
      .all()
      .map((row) => row.reference),
  );
  const reference = () => {
    for (;;) {
      let text = '';
      for (let i = 0; i < 9; i += 1) text += ALPHABET[random.int(ALPHABET.length)];
      if (!taken.has(text)) {
        taken.add(text);
        return text;
      }
    }
  };
  const person = () => `${random.pick(FIRST)} ${random.pick(LAST)}`;
  const address = () => `${1 + random.int(120)} ${random.pick(STREETS)}`;
  const phone = () => `07700 9${String(random.int(100_000)).padStart(5, '0')}`;
  const at = (date) => date.toISOString();

  const copyQuote = copier(db, 'quote_requests', [
    'reference',
    'idempotency_key',
    'created_at',
    'name',
    'email',
    'phone',
    'from_postcode',
    'to_postcode',
    'from_address',
    'to_address',
    'move_date',
    'status',
    'email_status',
    'version',
  ]);
  const copyCallback = copier(db, 'callback_requests', ['reference', 'created_at', 'name', 'phone', 'email_status']);
  const copyContact = copier(db, 'contact_messages', ['reference', 'created_at', 'first_name', 'last_name', 'email', 'email_status']);
  const claim = db.prepare('INSERT INTO reference_numbers (reference, record_type, created_at) VALUES (?, ?, ?)');
  const officeLead = db.prepare(
    'INSERT INTO office_leads (reference, record_type, stage, lost_reason, handler, follow_up_on, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const written = db.prepare(
    `INSERT INTO written_quotes (reference, version, lines, code, discount_pence, total_pence, deposit_pence, valid_until,
       included, created_by, created_at, sent_at, accepted_at) VALUES (?, 1, ?, NULL, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO diary_entries (reference, move_date, status, crew_id, van_id, arrival_window, override_reason, created_by,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
  );
  const note = db.prepare('INSERT INTO office_notes (record_reference, author, created_at, note) VALUES (?, ?, ?, ?)');
  const task = db.prepare(
    'INSERT INTO office_tasks (record_reference, kind, detail, created_at, done_at, done_by) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const email = db.prepare(
    `INSERT INTO email_outbox (record_type, record_reference, kind, recipient, payload, idempotency_key, status, attempts,
       next_attempt_at, created_at, sent_at) VALUES (?, ?, ?, ?, ?, ?, 'sent', 1, ?, ?, ?)`,
  );
  const line = db.prepare('INSERT INTO audit_log (created_at, actor, action, record_reference, detail) VALUES (?, ?, ?, ?, ?)');

  db.exec('BEGIN');
  try {
    for (const [i, name] of ['Samira Khan', 'Dan Price', 'Olu Ade', 'Gwen Hill', 'Ravi Shah', 'Tess Bell'].entries()) {
      db.prepare('INSERT INTO crews (lead_name, size, created_at) VALUES (?, ?, ?)').run(name, 2 + (i % 3), at(addDays(now, -800)));
      db.prepare('INSERT INTO vans (name, size, created_at) VALUES (?, ?, ?)').run(
        `LV7${i} SFT`,
        ['luton', 'medium', 'lorry'][i % 3],
        at(addDays(now, -800)),
      );
    }
    const crews = db
      .prepare('SELECT id FROM crews WHERE removed_at IS NULL')
      .all()
      .map((row) => row.id);
    const vans = db
      .prepare('SELECT id FROM vans WHERE removed_at IS NULL')
      .all()
      .map((row) => row.id);
    for (const [i, staff] of STAFF.slice(1).entries())
      db.prepare('INSERT OR IGNORE INTO staff_members (email, name, added_by, added_at) VALUES (?, ?, ?, ?)').run(
        staff,
        ['Amira', 'Jack', 'Lucy'][i],
        STAFF[0],
        at(addDays(now, -700)),
      );

    const made = { leads: 0, emails: 0, audit: 0, booked: 0 };
    /** Booked moves per day, so a day never holds more than the diary's six crews take. */
    const bookedOn = new Map();
    const emailRow = (type, ref, kind, to, subject, when, i) => {
      const payload = JSON.stringify({
        from: 'Shiftly <quotes@shiftly.example>',
        to,
        subject,
        html: [`<p>${subject}</p>`],
        text: [subject],
      });
      email.run(type, ref, kind, to, payload, `${type}:${ref}:${kind}:seed${i}`, at(when), at(when), at(when));
      made.emails += 1;
    };
    const auditRow = (when, ref) => {
      const [action, detail] = random.pick(ACTIONS);
      line.run(at(when), random.pick(STAFF), action, ref, detail);
      made.audit += 1;
    };

    for (let i = 0; i < leads; i += 1) {
      // Newest first is the list's order: leads come in over two years, more of them lately.
      const ageDays = Math.floor(730 * random.next() ** 1.6);
      const created = new Date(now.getTime() - ageDays * 86_400_000 - random.int(86_400_000));
      const ref = reference();
      const name = person();
      const mail = `${name.toLowerCase().replace(' ', '.')}.${i}@example.com`;
      const kind = random.next();
      let type;
      if (kind < 0.65) {
        type = 'quote';
        const moveDate = addDays(created, 10 + random.int(80));
        const stageRoll = random.next();
        // Stages as a small firm's book looks: many only quoted, a fifth booked, some lost or cancelled.
        const stage =
          stageRoll < 0.3 ? 'new' : stageRoll < 0.45 ? 'contacted' : stageRoll < 0.65 ? 'quoted' : stageRoll < 0.85 ? 'booked' : 'lost';
        // Never a day the firm is closed (a bank holiday), as the quote form would refuse it.
        const moveDay = openDayFrom(day(moveDate));
        const canBook = stage === 'booked' && (bookedOn.get(moveDay) ?? 0) < crews.length;
        const status = canBook ? 'booked' : stage === 'lost' ? random.pick(['declined', 'cancelled']) : 'quoted';
        const done = canBook && moveDate < now;
        copyQuote.run(
          ref,
          `seed-${ref}`,
          at(created),
          name,
          mail,
          phone(),
          random.pick(postcodes),
          random.pick(postcodes),
          address(),
          address(),
          moveDay,
          status,
          'sent',
          canBook ? 2 : 0,
          random.pick(templates.quotes),
        );
        claim.run(ref, 'quote', at(created));
        if (stage !== 'new') {
          const officeStage = canBook ? (done ? 'done' : 'booked') : stage === 'booked' ? 'quoted' : stage;
          const followUp =
            officeStage === 'contacted' || officeStage === 'quoted'
              ? random.chance(0.2)
                ? day(addDays(now, random.int(9) - 4))
                : null
              : null;
          officeLead.run(
            ref,
            'quote',
            officeStage,
            officeStage === 'lost' ? 'Went with another firm' : null,
            random.pick(STAFF),
            followUp,
            at(created),
          );
        }
        if (stage === 'quoted' || canBook) {
          const pence = 40_000 + random.int(200_000);
          const deposit = Math.floor((pence * 25 + 50) / 100);
          const lines = JSON.stringify([
            { label: 'Removal', pence: pence - 12_000 },
            { label: 'Packing materials', pence: 12_000 },
          ]);
          const sent = addDays(created, 1);
          written.run(
            ref,
            lines,
            pence,
            deposit,
            day(addDays(sent, 28)),
            'Two movers, a Luton van, blankets and straps.',
            random.pick(STAFF),
            at(sent),
            at(sent),
            canBook ? at(addDays(sent, 2)) : null,
          );
        }
        if (canBook) {
          bookedOn.set(moveDay, (bookedOn.get(moveDay) ?? 0) + 1);
          const slot = bookedOn.get(moveDay) - 1;
          entry.run(
            ref,
            moveDay,
            'booked',
            crews[slot],
            vans[slot],
            random.pick(['08-10', '10-12', '12-14']),
            random.pick(STAFF),
            at(created),
            at(created),
          );
          made.booked += 1;
        }
      } else if (kind < 0.9) {
        type = 'callback';
        const which = random.next();
        copyCallback.run(
          ref,
          at(created),
          name,
          phone(),
          'sent',
          which < 0.4 ? templates.survey : which < 0.7 ? templates.car : templates.callback,
        );
        claim.run(ref, 'callback', at(created));
        if (random.chance(0.7))
          officeLead.run(ref, 'callback', random.pick(['contacted', 'survey_booked', 'lost']), null, random.pick(STAFF), null, at(created));
      } else {
        type = 'contact';
        const [first, last] = name.split(' ');
        copyContact.run(ref, at(created), first, last, mail, 'sent', templates.contact);
        claim.run(ref, 'contact', at(created));
        if (random.chance(0.6)) officeLead.run(ref, 'contact', 'contacted', null, random.pick(STAFF), null, at(created));
      }
      made.leads += 1;

      // Every lead's e-mails: the customer's and the office's, and a move's later ones, in time order.
      const share = Math.round(emails / leads + (random.next() - 0.5) * 2);
      for (let n = 0; n < Math.max(1, share); n += 1)
        emailRow(
          type,
          ref,
          n % 2 ? 'business' : 'customer',
          n % 2 ? 'leads@shiftly.example' : mail,
          `${ref}: e-mail ${n + 1}`,
          addDays(created, n),
          n,
        );
      const lines = Math.round(audit / leads + (random.next() - 0.5) * 2);
      for (let n = 0; n < lines; n += 1) auditRow(addDays(created, n + 1), ref);
      if (random.chance(0.3))
        note.run(ref, random.pick(STAFF), at(addDays(created, 1)), 'Called: prefers mornings; parking round the back.');
      if (random.chance(0.1)) {
        const open = ageDays < 30 && random.chance(0.5);
        task.run(
          ref,
          random.pick(['booking_request', 'date_change', 'quote_accepted']),
          null,
          at(created),
          open ? null : at(addDays(created, 1)),
          open ? null : random.pick(STAFF),
        );
      }
    }
    // Top up to the totals asked for, whatever rounding left.
    const all = db
      .prepare('SELECT reference FROM reference_numbers')
      .all()
      .map((row) => row.reference);
    while (made.emails < emails)
      emailRow('quote', random.pick(all), 'customer', 'extra@example.com', 'Reminder', addDays(now, -random.int(700)), made.emails);
    while (made.audit < audit) auditRow(addDays(now, -random.int(700)), random.chance(0.9) ? random.pick(all) : null);
    db.exec('COMMIT');
    return made;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** A staff session for `email` straight into D1, for a script that measures office pages: the cookie's value. */
export function seedStaffSession(db, email, now = new Date()) {
  const token = createHash('sha256').update(`bench-${now.getTime()}-${Math.random()}`).digest('base64url').slice(0, 32);
  const hash = createHash('sha256').update(token).digest('hex');
  db.prepare("INSERT INTO sessions (token_hash, email, role, created_at, expires_at) VALUES (?, ?, 'staff', ?, ?)").run(
    hash,
    email,
    now.toISOString(),
    new Date(now.getTime() + 3_600_000).toISOString(),
  );
  return token;
}

const fixture = JSON.parse(readFileSync('stand-ins/postcodes/fixture.json', 'utf8')).postcodes.map((p) => p.postcode);

/** A few leads of each kind through the Worker itself: the seed's templates, priced by the real engine. */
export async function storeTemplates(base) {
  const post = async (path, body, i) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Test-Client': `bench-${i}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  const properties = packages.map((p) => p.id);
  // Eight: under the production limit of ten quotes a minute from one client (npm start serves that environment).
  for (let i = 0; i < 8; i += 1) {
    await post(
      '/api/send-quote-email',
      {
        name: 'Template Quote',
        email: `template-${i}@example.com`,
        phone: '07700 900123',
        propertyId: properties[i % properties.length],
        furnitureIds: furnitureIds.slice(0, i % 5),
        fromPostcode: fixture[i % 20],
        toPostcode: fixture[(i * 7 + 5) % 30],
        moveDate: openDayFrom(addCalendarDays(londonToday(), 20 + i)),
        clientEstimate: { total: 500, distance: 50 },
        idempotencyKey: `bench-template-${Date.now()}-${i}`,
      },
      i,
    );
  }
  await post(
    '/api/request-callback',
    { name: 'Template Survey', phone: '07700 900124', survey: { size: 'four-bed', type: 'video', postcode: 'LS1 1UR' } },
    20,
  );
  await post(
    '/api/request-callback',
    { name: 'Template Car', phone: '07700 900125', car: { vehicle: 'Ford Focus', runs: 'runs', from: 'M1 1AE', to: 'BS1 5TR' } },
    21,
  );
  await post('/api/request-callback', { name: 'Template Call', phone: '07700 900126' }, 22);
  await post(
    '/api/send-contact-email',
    {
      firstName: 'Template',
      lastName: 'Message',
      email: 'template-message@example.com',
      phone: '',
      subject: 'general',
      message: 'Do you move pianos?',
    },
    23,
  );
}
