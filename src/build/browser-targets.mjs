// The browsers we support, declared once in package.json's `browserslist` (the lint checks the same list:
// eslint.config.js), turned into what the build's tools read: esbuild-style targets for the JavaScript and CSS
// transforms, and Lightning CSS targets for the CSS minifier.
import browserslist from 'browserslist';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { browserslistToTargets } from 'lightningcss';

/** e.g. ['chrome132', 'edge132', 'firefox133', 'ios15.4', 'opera115', 'safari15.4'] */
export const esbuildTargets = browserslistToEsbuild();

/** Lightning CSS's form of the same list. */
export const cssTargets = browserslistToTargets(browserslist());

/**
 * Builds every browser bundle and stylesheet for those targets. Astro sets the client build's `target` to
 * 'esnext' (no syntax lowering at all), so this sets it in `configEnvironment`, which runs after Astro's config.
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
