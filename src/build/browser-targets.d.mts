import type { Plugin } from 'vite';

/** esbuild-style targets from package.json's `browserslist`, e.g. ['chrome132', 'safari15.4']. */
export const esbuildTargets: string[];
/** Lightning CSS targets from the same list (versions packed as major << 16 | minor << 8). */
export const cssTargets: Record<string, number | undefined>;
export function browserTargets(): Plugin;
