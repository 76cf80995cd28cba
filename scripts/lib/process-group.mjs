// Who is in a process group, from Linux's /proc: a zombie (ended, not yet reaped) counts as gone. Elsewhere, kill(0)
// answers for the group as a whole.
import { readdirSync, readFileSync } from 'node:fs';

/** The fields after a /proc/<pid>/stat line's `(comm)`, which may itself hold spaces and parentheses. */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Whether any live process but `except` is in group `pgid`. */
export function groupHasMembers(pgid, except) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM';
    }
  }
  return entries.some((entry) => {
    if (!/^\d+$/.test(entry) || Number(entry) === except) return false;
    try {
      const [state, , pgrp] = statFields(entry);
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      return false; // it ended while we looked
    }
  });
}

/** The kernel's start time of a process, to tell a group's leader from a later process given its number. */
export function startTime(pid) {
  try {
    return statFields(pid)[19];
  } catch {
    return undefined;
  }
}
