// package.json's `browserslist` (which the lint also reads) in the forms esbuild and Lightning CSS take: without it the
// CSS keeps media range syntax (`width>=64rem`), which Safari before 16.4 ignores, so Safari 15.4 gets no wide layout.
import browserslist from 'browserslist';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { browserslistToTargets } from 'lightningcss';
import { CLIENT, requireClientEnvironment } from './assumptions.mjs';

export const esbuildTargets = browserslistToEsbuild();

export const cssTargets = browserslistToTargets(browserslist());

/**
 * Astro sets the client build's `target` to 'esnext', so this sets it in `configEnvironment`, after Astro's config.
 * @returns {import('vite').Plugin}
 */
export function browserTargets() {
  return {
    name: 'shiftly:browser-targets',
    config: () => ({ build: { cssTarget: esbuildTargets }, css: { lightningcss: { targets: cssTargets } } }),
    configEnvironment(name) {
      if (name === CLIENT) return { build: { target: esbuildTargets, cssTarget: esbuildTargets } };
    },
    configResolved: (config) => requireClientEnvironment(config, 'browser-targets'),
  };
}
