#!/usr/bin/env node
// Times `npm test` from start to end and, when it passes, records the time in docs/test-time.json: the figure
// docs/adding-an-article.md gives editors for a pull request's tests (tests/build/guide.test.ts holds the guide to it).
//   node scripts/time-tests.mjs
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const RECORD = 'docs/test-time.json';

const load = loadavg()[0];
const started = Date.now();
const status = await new Promise((resolve) => spawn('npm', ['test'], { stdio: 'inherit' }).on('close', resolve));
const seconds = Math.round((Date.now() - started) / 1000);
const minutes = Math.round(seconds / 60);
if (status !== 0) {
  console.error(`✗ npm test failed after ${minutes} minutes: nothing recorded (a failing run stops early).`);
  process.exit(1);
}
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const record = {
  $comment: 'npm test, timed by scripts/time-tests.mjs; docs/adding-an-article.md quotes minutes (tests/build/guide.test.ts).',
  minutes,
  seconds,
  measuredOn: new Date().toISOString().slice(0, 10),
  commit,
  cpus: availableParallelism(),
  loadAverageAtStart: Number(load.toFixed(1)),
};
writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
console.log(`✓ npm test passed in ${minutes} minutes (${seconds} s on ${record.cpus} cores): ${RECORD} updated.`);
