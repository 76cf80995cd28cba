#!/usr/bin/env node
// Lists every claim, company detail, press mention, partner, person and sample review of src/data/launch-content.ts that
// still needs a real source (issue 30, item 12), and exits 1 while any does: the deploy workflow runs it before deploying.
//   npm run launch-check
import { launchReport } from '../src/data/launch-content.ts';

const { ready, lines } = launchReport();
console.log(lines.join('\n'));
if (!ready) process.exitCode = 1;
