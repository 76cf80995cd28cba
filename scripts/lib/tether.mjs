#!/usr/bin/env node
// Leads a process group for scripts/lib/processes.mjs:   node tether.mjs COMMAND [ARGS...]
// Runs COMMAND in this process's group and ends the whole group (COMMAND and everything it started) when the process
// that started the tether goes away, however it went (its pipe to our stdin closes: a SIGKILL closes it too), when
// asked with SIGTERM, SIGINT or SIGHUP, or when COMMAND ends by itself. Whatever ignores SIGTERM gets SIGKILL after
// GRACE_MS. Exits with COMMAND's status once nothing else is left in the group.
import { spawn } from 'node:child_process';
import { groupHasMembers } from './process-group.mjs';

const GRACE_MS = 5000;
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/lib/tether.mjs COMMAND [ARGS...]');
  process.exit(2);
}

const signalGroup = (signal) => {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // nothing left to signal
  }
};

let ending = false;
function end() {
  if (ending) return;
  ending = true;
  // SIGTERM reaches this process too; the handlers below keep it alive to finish the job.
  signalGroup('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const check = () => {
    if (!groupHasMembers(process.pid, process.pid)) process.exit();
    if (Date.now() >= deadline)
      signalGroup('SIGKILL'); // this process goes with them
    else setTimeout(check, 50);
  };
  check();
}

const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
child.on('error', (error) => {
  console.error(`tether: could not start ${command}: ${error.message}`);
  process.exitCode = 127;
  end();
});
child.on('exit', (code, signal) => {
  process.exitCode ??= code ?? (signal ? 128 + 15 : 1);
  end();
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, end);
process.stdin.on('end', end);
process.stdin.on('error', end);
process.stdin.resume();
