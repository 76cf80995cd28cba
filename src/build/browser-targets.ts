// package.json's `browserslist` (which the lint also reads) for esbuild and Lightning CSS: without it the CSS keeps
// media range syntax (`width>=64rem`), which Safari before 16.4 ignores, so Safari 15.4 gets no wide layout.
import browserslist from 'browserslist';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { browserslistToTargets } from 'lightningcss';
import type { Plugin } from 'vite';
import { CLIENT, requireClientEnvironment } from './assumptions.ts';

export const esbuildTargets: string[] = browserslistToEsbuild();
export const cssTargets = browserslistToTargets(browserslist());

export function browserTargets(): Plugin {
  return {
    name: 'shiftly:browser-targets',
    config: () => ({ build: { cssTarget: esbuildTargets }, css: { lightningcss: { targets: cssTargets } } }),
    // Astro sets the client build's `target` to 'esnext'; this comes after Astro's config.
    configEnvironment(name) {
      if (name === CLIENT) return { build: { target: esbuildTargets, cssTarget: esbuildTargets } };
    },
    configResolved: (config) => requireClientEnvironment(config, 'browser-targets'),
  };
}
