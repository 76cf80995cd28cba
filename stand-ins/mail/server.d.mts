import type { Server } from 'node:http';
export function createMailCatcher(): Server;
