// Opens the local D1 database that `wrangler dev --persist-to <state>` writes (a SQLite file), read-only. While workerd
// writes, a read waits for its lock (busy timeout) instead of failing with "database is locked" on a busy machine.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export function openLocalD1(state) {
  const folder = join(state, 'v3/d1/miniflare-D1DatabaseObject');
  if (!existsSync(folder)) throw new Error(`No local database in ${state}. Run npm start (or the tests) first, or pass --state.`);
  const file = readdirSync(folder).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`No local database file in ${folder}.`);
  return new DatabaseSync(join(folder, file), { readOnly: true, timeout: 30_000 });
}
