/** The ids of every built page (dist/), by address: what a link to /faq#something can be checked against. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ID = /\sid="([^"]+)"/g;

export function builtPageAnchors(dist: string): Map<string, Set<string>> {
  const anchors = new Map<string, Set<string>>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/');
    const address = `/${path.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');
    const html = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    anchors.set(address, new Set([...html.matchAll(ID)].map((match) => match[1] ?? '')));
  }
  return anchors;
}
