#!/usr/bin/env node
// `npm test`: every check and test, arranged for a two-core machine, then a table of what each stage took.
//   node scripts/test.mjs [--record]     (--record: write the times to docs/test-time.json; scripts/time-tests.mjs)
// Two runners share the machine's two cores: one starts the API tests (two files at a time, each worker with its own
// copy of the site), the other the static checks and the unit tests, and each takes the next stage as it ends. The
// site is built once, by the API tests' global setup; the `build` project's copies (which copy its image cache) and
// the budgets (which serve it) wait for its record. Playwright serves that build (SHIFTLY_REUSE_BUILD), after both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_RECORD } from './lib/start-site.mjs';

const { values: options } = parseArgs({ options: { record: { type: 'boolean', default: false } } });
const RECORD = 'docs/test-time.json';
const reports = mkdtempSync(join(tmpdir(), 'shiftly-test-reports-'));
const report = (name) => join(reports, `${name}.json`);
const vitest = (name, projects) =>
  `vitest run ${projects.map((p) => `--project ${p}`).join(' ')} --reporter=default --reporter=json --outputFile=${report(name)}`;

let apiEnded = false;
/** True once this run's build has written its record; false if the API tests ended without building. */
async function siteBuilt() {
  while (!existsSync(BUILD_RECORD) && !apiEnded) await new Promise((resolve) => setTimeout(resolve, 1000));
  return existsSync(BUILD_RECORD);
}

/** Each step is a stage, or `{ side: [...] }`: stages taken in order by two runners, each taking the next as it ends. */
const PLAN = [
  {
    side: [
      { name: 'vitest api', run: vitest('api', ['api']), ended: () => (apiEnded = true) },
      { name: 'check:articles', run: 'npm run check:articles' },
      { name: 'check', run: 'npm run check' },
      { name: 'lint', run: 'npm run lint' },
      { name: 'format:check', run: 'npm run format:check' },
      { name: 'vitest unit, editor', run: vitest('unit', ['unit', 'editor']) },
      { name: 'vitest build', run: vitest('build', ['build']), after: siteBuilt },
      // The budgets measure that same build (and a copy of their own). Whichever runner is free first takes them, so
      // neither core waits while the other finishes (the API tests ended 80 s before the other list, 3 December 2026).
      // Playwright waits for both runners: beside the builds and budgets, the browsers took half as long again, and
      // started beside the budgets' last minute a page stopped drawing frames and a click waited 4 minutes (3 December).
      { name: 'budgets', run: 'npm run budgets', after: siteBuilt },
    ],
  },
  {
    name: 'playwright',
    run: `node scripts/require-browsers.mjs && playwright test --reporter=${process.env.CI ? 'list' : 'list,html'},json`,
    env: { SHIFTLY_REUSE_BUILD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: report('playwright'), PLAYWRIGHT_HTML_OPEN: 'never' },
  },
];

const load = () => Number(loadavg()[0].toFixed(1));
const timed = [];

/** Runs one stage; `hold` keeps its output until it ends (a stage beside another). Resolves with its exit status. */
async function runStage({ name, run, env = {}, after, ended }, hold = false) {
  if (after && !(await after())) {
    console.error(`✗ ${name} did not start: the site it needs was never built`);
    return 1;
  }
  const started = { at: Date.now(), load: load() };
  if (!hold) console.log(`\n▶ ${name} (load ${started.load})`);
  const child = spawn('sh', ['-c', run], {
    stdio: ['ignore', hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
    // The project's own tools and Node (node_modules/.bin), as under `npm run`.
    env: { ...process.env, PATH: `${join(process.cwd(), 'node_modules/.bin')}:${process.env.PATH}`, ...env },
  });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started.at) / 1000);
      timed.push({ stage: name, seconds, loadAtStart: started.load, loadAtEnd: load(), passed: status === 0 });
      if (hold) {
        console.log(`\n▶ ${name} (ran beside the stage above; load ${started.load} at its start)`);
        process.stdout.write(Buffer.concat(held));
      }
      if (status !== 0) console.error(`✗ ${name} failed (exit ${status})`);
      ended?.();
      resolve(status);
    }),
  );
}

/**
 * Two runners take the stages in order, each the next one as it ends; after a failure neither takes another. The first
 * stage's output streams; the others' is held and printed as each ends, so no log is cut into another.
 */
async function sideBySide(stages) {
  const queue = stages.map((stage, i) => ({ stage, hold: i > 0 }));
  let status = 0;
  const runner = async () => {
    for (let next = queue.shift(); next && status === 0; next = queue.shift()) {
      // Not `status ||= …`: that reads `status` before the stage runs and would write back over the other's failure.
      const ended = await runStage(next.stage, next.hold);
      if (ended !== 0) status = ended;
    }
  };
  await Promise.all([runner(), runner()]);
  return status;
}

// A record left by an earlier run must not start the `build` project before this run's build.
rmSync(BUILD_RECORD, { force: true });
const started = Date.now();
const loadAtStart = load();
let failed = false;
for (const step of PLAN) {
  if ((step.side ? await sideBySide(step.side) : await runStage(step)) !== 0) {
    failed = true;
    break;
  }
}
const total = Math.round((Date.now() - started) / 1000);

/** Worker seconds per vitest and Playwright project, from their JSON reports. */
function projectCosts() {
  const costs = {};
  const add = (name, ms) => (costs[name] = (costs[name] ?? 0) + ms);
  const read = (name) => {
    try {
      return JSON.parse(readFileSync(report(name), 'utf8'));
    } catch {
      return undefined; // the stage did not run
    }
  };
  for (const name of ['api', 'unit', 'build'])
    for (const file of read(name)?.testResults ?? [])
      add(`vitest ${/tests\/(\w+)\//.exec(file.name)?.[1] ?? name}`, file.endTime - file.startTime);
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) add(`playwright ${test.projectName}`, result.duration);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of read('playwright')?.suites ?? []) walk(suite);
  return Object.fromEntries(Object.entries(costs).map(([name, ms]) => [name, Math.round(ms / 1000)]));
}

const projects = projectCosts();
rmSync(reports, { recursive: true, force: true });
console.log(
  `\nnpm test: ${failed ? 'FAILED' : 'passed'} in ${Math.round(total / 60)} minutes (${total} s; load ${loadAtStart} at the start)`,
);
console.table(timed);
console.table(projects);
if (options.record && !failed) {
  const record = {
    $comment:
      'npm test, timed by scripts/time-tests.mjs; docs/adding-an-article.md quotes minutes (tests/build/guide.test.ts). ' +
      'stages: wall seconds (the stages listed together ran side by side); projects: worker seconds.',
    minutes: Math.round(total / 60),
    seconds: total,
    measuredOn: new Date().toISOString().slice(0, 10),
    commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim(),
    cpus: availableParallelism(),
    loadAverageAtStart: loadAtStart,
    stages: timed,
    projects,
  };
  writeFileSync(RECORD, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${RECORD} updated.`);
}
process.exit(failed ? 1 : 0);
