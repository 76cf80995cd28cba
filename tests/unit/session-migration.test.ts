/**
 * The one session table (issue 42 item 3, migrations/0044): every live customer and staff session is moved across with
 * its hash and a role, so nobody is signed out; expired ones are left behind; the old tables are gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';

const ONE_TABLE = '0044_one_session_table.sql';
const files = readdirSync('migrations')
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** A database as it stood before the one table: every migration up to it. */
function databaseBefore(): DatabaseSync {
  expect(files).toContain(ONE_TABLE);
  const db = new DatabaseSync(':memory:');
  for (const name of files.slice(0, files.indexOf(ONE_TABLE))) db.exec(readFileSync(`migrations/${name}`, 'utf8'));
  return db;
}

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('migrations/0044: one session table', () => {
  it('moves every live session across with its role and keeps none that has expired', () => {
    const db = databaseBefore();
    const add = (table: string, hash: string, email: string, created: number, expires: number) =>
      db
        .prepare(`INSERT INTO ${table} (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`)
        .run(hash, email, iso(created), iso(expires));
    add('sessions', 'c-live', 'kim@example.com', -HOUR, 30 * 24 * HOUR - HOUR);
    add('sessions', 'c-dead', 'kim@example.com', -31 * 24 * HOUR, -24 * HOUR);
    add('staff_sessions', 's-live', 'kim@example.com', -HOUR, 11 * HOUR);
    add('staff_sessions', 's-dead', 'sam@example.com', -13 * HOUR, -HOUR);
    const before = db
      .prepare(
        'SELECT token_hash, created_at, expires_at FROM sessions UNION ALL SELECT token_hash, created_at, expires_at FROM staff_sessions',
      )
      .all();

    db.exec(readFileSync(`migrations/${ONE_TABLE}`, 'utf8'));

    expect(db.prepare('SELECT token_hash, email, role FROM sessions ORDER BY token_hash').all()).toEqual([
      { token_hash: 'c-live', email: 'kim@example.com', role: 'customer' },
      { token_hash: 's-live', email: 'kim@example.com', role: 'staff' },
    ]);
    // Their times are as they were: each still ends when it would have.
    for (const row of db.prepare('SELECT token_hash, created_at, expires_at FROM sessions').all()) expect(before).toContainEqual(row);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%session%'").all()).toEqual([
      { name: 'sessions' },
    ]);
    expect(db.prepare("SELECT value FROM app_meta WHERE key = 'schema_version'").get()).toEqual({ value: '44' });
  });

  it('takes the partner drivers’ role already, and no role it does not know', () => {
    const db = databaseBefore();
    db.exec(readFileSync(`migrations/${ONE_TABLE}`, 'utf8'));
    const insert = db.prepare(
      "INSERT INTO sessions (token_hash, email, role, created_at, expires_at) VALUES (?, 'a@example.com', ?, '', '')",
    );
    insert.run('p', 'partner');
    expect(() => insert.run('x', 'admin')).toThrow(/CHECK/);
  });
});
