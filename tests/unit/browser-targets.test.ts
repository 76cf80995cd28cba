/**
 * `npm run lint` holds code that runs in a browser to the browsers in package.json's `browserslist`: the project's own
 * ESLint config, run through ESLint's API on code placed where browser code lives, and on the Worker for contrast.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { cssTargets, esbuildTargets } from '~/build/browser-targets.ts';

const ABORT_ANY = 'export const signal = AbortSignal.any([new AbortController().signal]);\n';

const eslint = new ESLint();

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the lint knows our browsers', () => {
  // The first type-aware lint builds the TypeScript project (seconds, minutes on a busy machine); the rest reuse it.
  beforeAll(() => lintAs('src/lib/abort.ts', ''), 300_000);

  it.each(['src/lib/abort.ts', 'src/islands/quote-wizard/store.ts', 'src/scripts/consent.ts'])(
    'AbortSignal.any() in %s fails the lint (Safari 17.4+, our oldest is 15.4)',
    async (filePath) => {
      expect(await lintAs(filePath, ABORT_ANY)).toEqual([expect.stringMatching(/^baseline-js\/use-baseline: .*AbortSignal\.any\(\)/)]);
    },
    60_000,
  );

  it('a client script of an .astro component is checked too', async () => {
    const component = `---\nconst title = 'Hi';\n---\n<h2>{title}</h2>\n<script>\n  ${ABORT_ANY.replace('export ', '')}  console.log(signal);\n</script>\n`;
    expect(await lintAs('src/components/Probe.astro', component)).toEqual([
      expect.stringMatching(/^baseline-js\/use-baseline: .*AbortSignal\.any\(\)/),
    ]);
  }, 60_000);

  it('an API our oldest Safari lacks fails through browserslist as well', async () => {
    expect(await lintAs('src/lib/abort.ts', 'export const sorted = [3, 1].toSorted();\n')).toContainEqual(
      'compat/compat: Array.toSorted() is not supported in Safari 15.4, iOS Safari 15.4',
    );
  }, 60_000);

  it('the Worker runs in workerd, not a browser: the same line passes there', async () => {
    expect(await lintAs('functions/lib/http.ts', ABORT_ANY)).toEqual([]);
  }, 60_000);
});

describe('the build targets the same browsers', () => {
  it('scripts for Safari and iOS 15.4 and the other engines', () => {
    expect(esbuildTargets).toEqual(expect.arrayContaining(['safari15.4', 'ios15.4']));
    expect(esbuildTargets.some((target) => /^chrome\d+$/.test(target))).toBe(true);
    expect(esbuildTargets.some((target) => /^firefox\d+$/.test(target))).toBe(true);
  });

  it('stylesheets for Safari 15.4 (Lightning CSS packs the version as major << 16 | minor << 8)', () => {
    expect(cssTargets.safari).toBe((15 << 16) | (4 << 8));
    expect(cssTargets.ios_saf).toBe((15 << 16) | (4 << 8));
  });
});
