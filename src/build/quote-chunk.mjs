// @ts-check
// The quote wizard's first step in few script files (issue 20, item 5). Left alone the bundler splits what the wizard
// loads at once into a dozen chunks, one per set of importers, each a request before step 1 works. This puts the
// modules only the wizard reaches into one chunk; anything another script reaches stays put.
import { CLIENT, requireClientEnvironment } from './assumptions.mjs';

const IN_WIZARD = /src[\\/]islands[\\/]quote-wizard[\\/]/;
const WIZARD_ENTRY = /src[\\/]islands[\\/]quote-wizard[\\/]QuoteWizard\.tsx$/;

export function quoteChunk() {
  /** @type {Set<string>} */
  let wizardOnly = new Set();

  const group = {
    name: 'quote',
    test: (/** @type {string} */ id) => wizardOnly.has(id),
    // Only the modules found above: their shared dependencies stay in the chunks other scripts load too.
    includeDependenciesRecursively: false,
    priority: 1,
  };

  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'shiftly:quote-chunk',
    apply: 'build',
    // The browser's scripts only: the server build keeps Astro's own settings.
    configResolved: (config) => requireClientEnvironment(config, 'quote-chunk'),
    configEnvironment(name) {
      if (name !== CLIENT) return;
      return {
        build: {
          rolldownOptions: {
            // What a group without its dependencies needs to keep every chunk valid.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  // React as one file rather than one per module, with the nanostores parts only React islands use.
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react|nanostores[\\/](map|listen-keys|deep-map))[\\/]/,
                    // Not `atom`, which map imports: the cookie banner needs it without React.
                    includeDependenciesRecursively: false,
                    priority: 2,
                  },
                  group,
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => WIZARD_ENTRY.test(id));
      // The server builds never load the wizard; the browser's build must.
      if (!entry) {
        if (this.environment.name === CLIENT)
          throw new Error('quote-chunk: the browser build has no src/islands/quote-wizard/QuoteWizard.tsx');
        return;
      }
      const staticReach = (/** @type {string[]} */ roots) => {
        const seen = new Set(roots);
        const queue = [...roots];
        while (queue.length) {
          for (const next of this.getModuleInfo(/** @type {string} */ (queue.pop()))?.importedIds ?? []) {
            if (!seen.has(next)) {
              seen.add(next);
              queue.push(next);
            }
          }
        }
        return seen;
      };
      // Every script's own start: entries, and modules loaded with import().
      const roots = ids.filter((id) => {
        const info = this.getModuleInfo(id);
        return info?.isEntry || (info?.dynamicImporters.length ?? 0) > 0;
      });
      // A root of the wizard: in its folder, or loaded with import() by the wizard alone (and no script of its own).
      const wizardRoot = (/** @type {string} */ id) => {
        if (IN_WIZARD.test(id)) return true;
        const info = this.getModuleInfo(id);
        return !info?.isEntry && (info?.dynamicImporters ?? []).every((importer) => IN_WIZARD.test(importer));
      };
      const elsewhere = staticReach(roots.filter((root) => !wizardRoot(root)));
      wizardOnly = new Set([...staticReach([entry])].filter((id) => !elsewhere.has(id)));
    },
  };
  return plugin;
}
