import type { DatabaseSync } from 'node:sqlite';
export declare function openLocalD1(state: string): DatabaseSync;
