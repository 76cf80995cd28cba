#!/usr/bin/env node
// The pull-request workflow's preview addresses (src/lib/preview.ts), so the workflow and the browser editor agree.
//   node scripts/preview.mjs alias --branch articles/moving-with-pets --host shiftly.example.workers.dev
//       prints the preview alias for that branch (articles-moving-with-pets)
//   git diff --name-status BASE...HEAD | node scripts/preview.mjs comment --origin https://articles-moving-with-pets-shiftly.example.workers.dev
//       prints the pull request's comment: the preview, and each added or changed article's page on it
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { changedArticleIds, previewAlias, previewComment } from '../src/lib/preview.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { branch: { type: 'string' }, host: { type: 'string' }, origin: { type: 'string' } },
});

function required(name) {
  const value = values[name];
  if (!value) {
    console.error(`✗ --${name} is required (see the top of scripts/preview.mjs)`);
    process.exit(1);
  }
  return value;
}

const [command] = positionals;
if (command === 'alias') console.log(previewAlias(required('branch'), required('host')));
else if (command === 'comment')
  console.log(previewComment(required('origin').replace(/\/$/, ''), changedArticleIds(readFileSync(0, 'utf8'))));
else {
  console.error('✗ Say what to print: alias or comment (see the top of scripts/preview.mjs)');
  process.exit(1);
}
