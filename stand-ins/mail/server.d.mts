import type { Server } from 'node:http';
export function createMailCatcher(options?: { fail?: boolean }): Server;
