import type { Server } from 'node:http';
export function createPostcodesStandIn(): Server;
