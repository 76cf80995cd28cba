// What the pieces of src/build assume of the tools they reach into, so that a change stops the build instead of
// quietly undoing what the piece was for.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Vite environment in which Astro builds the browser's scripts. */
export const CLIENT = 'client';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function requireClientEnvironment(config: { command: string; environments?: Record<string, unknown> }, piece: string) {
  if (config.command !== 'build' || config.environments?.[CLIENT]) return;
  const names = Object.keys(config.environments ?? {}).join(', ');
  throw new Error(`${piece}: the build has no Vite environment "${CLIENT}" (only ${names}), so this piece would change nothing.`);
}

/** `versions` (package → version) must be pinned exactly in package.json and installed in node_modules. */
export function requireVersions(versions: Record<string, string>, piece: string, at = root) {
  const { devDependencies = {} } = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'));
  for (const [name, version] of Object.entries(versions)) {
    const installed = JSON.parse(readFileSync(join(at, 'node_modules', name, 'package.json'), 'utf8')).version;
    if (devDependencies[name] !== version || installed !== version)
      throw new Error(
        `${piece} was written for ${name} ${version}, but package.json asks for "${devDependencies[name]}" and ${installed} is installed. ` +
          'Check what the piece replaces in the new version and update it, or pin the version it was written for (npm install -E).',
      );
  }
}
