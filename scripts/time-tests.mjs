#!/usr/bin/env node
// Runs `npm test` stage by stage (the `&&` chain of its script in package.json), times each stage, and what each
// vitest and Playwright project costs (the sum of its files' or tests' durations: worker time, which two workers
// share), with the load average beside each figure, as a shared two-core machine's load changes every figure. When
// every stage passes, records it all in docs/test-time.json: the figure docs/adding-an-article.md gives editors for a
// pull request's tests (tests/build/guide.test.ts holds the guide to it) and the README's table of costs.
//   node scripts/time-tests.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const RECORD = 'docs/test-time.json';
const load = () => Number(loadavg()[0].toFixed(1));
const seconds = (ms) => Math.round(ms / 1000);

const reports = mkdtempSync(join(tmpdir(), 'shiftly-test-time-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

/** A stage as `npm test` runs it, with a JSON report added for the two test runners. */
function withReport(stage) {
  if (/npm run test:unit$/.test(stage)) return `${stage} -- --reporter=default --reporter=json --outputFile=${vitestReport}`;
  if (/npm run test:e2e$/.test(stage)) return `PLAYWRIGHT_JSON_OUTPUT_NAME=${playwrightReport} ${stage} -- --reporter=list,json`;
  return stage;
}

const stages = JSON.parse(readFileSync('package.json', 'utf8')).scripts.test.split(' && ');
const started = Date.now();
const loadAtStart = load();
const timed = [];
for (const stage of stages) {
  const before = { at: Date.now(), load: load() };
  console.log(`\n▶ ${stage} (load ${before.load})`);
  const status = await new Promise((resolve) => spawn('sh', ['-c', withReport(stage)], { stdio: 'inherit' }).on('close', resolve));
  timed.push({ stage, seconds: seconds(Date.now() - before.at), loadAtStart: before.load, loadAtEnd: load() });
  if (status !== 0) {
    console.error(`✗ ${stage} failed: nothing recorded (a failing run stops early).`);
    console.table(timed);
    rmSync(reports, { recursive: true, force: true });
    process.exit(1);
  }
}

/** Seconds of worker time per vitest project (from each file's path) and per Playwright project. */
function projectCosts() {
  const costs = {};
  const add = (name, ms) => (costs[name] = (costs[name] ?? 0) + ms);
  try {
    for (const file of JSON.parse(readFileSync(vitestReport, 'utf8')).testResults)
      add(`vitest ${/tests\/(\w+)\//.exec(file.name)?.[1] ?? '?'}`, file.endTime - file.startTime);
  } catch {
    // no report: the stage was not in the chain
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) add(`playwright ${test.projectName}`, result.duration);
    for (const child of suite.suites ?? []) walk(child);
  };
  try {
    for (const suite of JSON.parse(readFileSync(playwrightReport, 'utf8')).suites) walk(suite);
  } catch {
    // as above
  }
  return Object.fromEntries(Object.entries(costs).map(([name, ms]) => [name, seconds(ms)]));
}

const total = seconds(Date.now() - started);
const record = {
  $comment:
    'npm test, timed by scripts/time-tests.mjs; docs/adding-an-article.md quotes minutes (tests/build/guide.test.ts). ' +
    'projects: worker seconds (two workers share them).',
  minutes: Math.round(total / 60),
  seconds: total,
  measuredOn: new Date().toISOString().slice(0, 10),
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
  cpus: availableParallelism(),
  loadAverageAtStart: loadAtStart,
  stages: timed,
  projects: projectCosts(),
};
rmSync(reports, { recursive: true, force: true });
writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
console.table(timed);
console.table(record.projects);
console.log(`✓ npm test passed in ${record.minutes} minutes (${total} s on ${record.cpus} cores): ${RECORD} updated.`);
