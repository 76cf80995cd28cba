#!/usr/bin/env node
// Runs `npm test` (scripts/test.mjs) and, when it passes, records what it and each stage and project took in
// docs/test-time.json: the figure docs/adding-an-article.md gives editors for a pull request's tests
// (tests/build/guide.test.ts holds the guide to it) and the README's table of costs. Each figure has the load average
// beside it, as a shared two-core machine's load changes every figure.
//   node scripts/time-tests.mjs
import { spawn } from 'node:child_process';

const status = await new Promise((resolve) =>
  spawn(process.execPath, ['scripts/test.mjs', '--record'], { stdio: 'inherit' }).on('close', resolve),
);
process.exit(status ?? 1);
