/**
 * A move booked in the diary, for the job sheet's API and browser tests. The diary's booking route (issue 33 item 4) is being built on
 * another branch; until it is on main this writes the crew, the van and the booked entry straight into the local D1,
 * exactly as migrations/0011_office.sql shapes them. Replace it with a post to the diary's route once that lands.
 */
import { openLocalD1 } from '../../scripts/lib/local-d1.mjs';

export interface Booking {
  crewLead: string;
  crewSize: number;
  van: string;
  /** A key of the diary's ARRIVAL_WINDOWS, e.g. '08-10'. */
  window: string;
}

/** `statePath`: the test server's D1 state folder. */
export function bookInDiary(statePath: string, reference: string, moveDate: string, booking: Booking): void {
  const db = openLocalD1(statePath, { readOnly: false });
  try {
    // wrangler dev holds the file too: wait for its lock rather than fail.
    db.exec('PRAGMA busy_timeout = 10000');
    const at = new Date().toISOString();
    const crew = db.prepare('INSERT INTO crews (lead_name, size, created_at) VALUES (?, ?, ?)').run(booking.crewLead, booking.crewSize, at);
    const van = db.prepare("INSERT INTO vans (name, size, created_at) VALUES (?, 'luton', ?)").run(booking.van, at);
    db.prepare(
      `INSERT INTO diary_entries (reference, move_date, status, crew_id, van_id, arrival_window, created_by, created_at, updated_at)
       VALUES (?, ?, 'booked', ?, ?, ?, 'owner@shiftly.example', ?, ?)`,
    ).run(reference, moveDate, Number(crew.lastInsertRowid), Number(van.lastInsertRowid), booking.window, at, at);
  } finally {
    db.close();
  }
}
