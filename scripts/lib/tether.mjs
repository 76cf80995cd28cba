#!/usr/bin/env node
// Leads a process group for scripts/lib/processes.mjs:   node tether.mjs COMMAND [ARGS...]
// Runs COMMAND in this process's group and ends the whole group (COMMAND and everything it started) when the process
// that started the tether goes away, however it went (its pipe to our stdin closes: a SIGKILL closes it too), when
// asked with SIGTERM, SIGINT or SIGHUP, or when COMMAND ends by itself. Whatever ignores SIGTERM gets SIGKILL after
// GRACE_MS. Exits with COMMAND's status once nothing else is left in the group.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/** Other live processes in this group (Linux's /proc; elsewhere "unknown", and the grace period decides). */
function othersInGroup() {
  try {
    return readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) return false;
      try {
        // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === process.pid && state !== 'Z';
      } catch {
        return false; // it ended while we looked
      }
    });
  } catch {
    return undefined;
  }
}

let ending = false;
function end() {
  if (ending) return;
  ending = true;
  // SIGTERM reaches this process too; the handlers below keep it alive to finish the job.
  signalGroup('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const check = () => {
    const others = othersInGroup();
    if (others === false) process.exit();
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
