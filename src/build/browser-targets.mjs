// package.json's `browserslist` (which the lint also reads) in the forms esbuild and Lightning CSS take.
import browserslist from 'browserslist';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { browserslistToTargets } from 'lightningcss';

export const esbuildTargets = browserslistToEsbuild();

export const cssTargets = browserslistToTargets(browserslist());

/**
 * Astro sets the client build's `target` to 'esnext' (no lowering), so this sets it in `configEnvironment`, which
 * runs after Astro's config.
 * @returns {import('vite').Plugin}
 */
export function browserTargets() {
  return {
    name: 'shiftly:browser-targets',
    config: () => ({ build: { cssTarget: esbuildTargets }, css: { lightningcss: { targets: cssTargets } } }),
    configEnvironment(name) {
      if (name === 'client') return { build: { target: esbuildTargets, cssTarget: esbuildTargets } };
    },
  };
}
