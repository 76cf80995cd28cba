// The quote wizard's first step in few script files. Left alone the bundler splits what the wizard loads at once into
// a dozen chunks, one per set of importers; this puts the modules only the wizard reaches into one chunk, and React
// into one file. Anything another script reaches stays put.
import type { Plugin } from 'vite';
import { CLIENT, requireClientEnvironment } from './assumptions.ts';

const IN_WIZARD = /src[\\/]islands[\\/]quote-wizard[\\/]/;
const WIZARD_ENTRY = /src[\\/]islands[\\/]quote-wizard[\\/]QuoteWizard\.tsx$/;
// Not nanostores' `atom`, which the cookie banner needs without React.
const REACT = /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react|nanostores[\\/](map|listen-keys|deep-map))[\\/]/;

export function quoteChunk(): Plugin {
  let wizardOnly = new Set<string>();
  return {
    name: 'shiftly:quote-chunk',
    apply: 'build',
    configResolved: (config) => requireClientEnvironment(config, 'quote-chunk'),
    configEnvironment(name) {
      if (name !== CLIENT) return;
      // Groups take only the modules they name (their shared dependencies stay where other scripts load them), which
      // needs entries allowed to grow exports.
      const group = (name: string, test: RegExp | ((id: string) => boolean), priority: number) => ({
        name,
        test,
        priority,
        includeDependenciesRecursively: false,
      });
      const groups = [group('react', REACT, 2), group('quote', (id) => wizardOnly.has(id), 1)];
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups } } } } };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => WIZARD_ENTRY.test(id));
      if (!entry) {
        if (this.environment.name === CLIENT)
          throw new Error('quote-chunk: the browser build has no src/islands/quote-wizard/QuoteWizard.tsx');
        return;
      }
      const staticReach = (roots: string[]) => {
        const seen = new Set(roots);
        const queue = [...roots];
        for (let id = queue.pop(); id; id = queue.pop())
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
            if (!seen.has(next)) queue.push(next);
            seen.add(next);
          }
        return seen;
      };
      // Every script's own start (entries, modules loaded with import()), and those that are the wizard's: in its
      // folder, or loaded with import() by the wizard alone.
      const info = (id: string) => this.getModuleInfo(id);
      const roots = ids.filter((id) => info(id)?.isEntry || (info(id)?.dynamicImporters.length ?? 0) > 0);
      const wizardRoot = (id: string) =>
        IN_WIZARD.test(id) || (!info(id)?.isEntry && (info(id)?.dynamicImporters ?? []).every((importer) => IN_WIZARD.test(importer)));
      const elsewhere = staticReach(roots.filter((root) => !wizardRoot(root)));
      wizardOnly = new Set([...staticReach([entry])].filter((id) => !elsewhere.has(id)));
    },
  };
}
