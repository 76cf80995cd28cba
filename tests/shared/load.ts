import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than idle the machine runs now: the last minute's load per core, from 1 to 8. A ceiling is not
 * a wait; scaled by this, a test fails when it is stuck, not because other work shares its core (issue 42 item 8).
 */
export const loadFactor = (): number => Math.min(8, Math.max(1, loadavg()[0]! / availableParallelism()));

/** The ceiling, in milliseconds, for what an idle machine does well within `ms`. */
export const ceiling = (ms: number): number => Math.round(ms * loadFactor());
