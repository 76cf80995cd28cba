import type { Server } from 'node:http';
export function createPostcodesStandIn(options?: { mode?: 'ok' | 'fail' | 'slow'; delayMs?: number }): Server;
