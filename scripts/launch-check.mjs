#!/usr/bin/env node
// Lists every claim, company detail, press mention, partner, person and sample review of src/data/launch-content.ts that
// still needs a real source (issue 30, item 12), and exits 1 while any does: the deploy workflow runs it before deploying.
//   npm run launch-check
import { isSourced, launchItems } from '../src/data/launch-content.ts';

const FILE = 'src/data/launch-content.ts';
const items = launchItems();
const waiting = items.filter((entry) => !isSourced(entry.provenance));

if (waiting.length === 0) {
  console.log(`launch-check: all ${items.length} items in ${FILE} have a source.`);
} else {
  console.log(`launch-check: ${waiting.length} of ${items.length} items still need a real source before launch.`);
  for (const { item, provenance } of waiting) console.log(`${FILE}: ${item}\n  needs ${provenance.needed}`);
  process.exitCode = 1;
}
