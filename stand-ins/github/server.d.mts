import type { Server } from 'node:http';
export function createGitHubStandIn(): Server;
