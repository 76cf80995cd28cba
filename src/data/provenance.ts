/** Where a claim on the site comes from, or that it still needs a source (npm run launch-check lists those). */
export type Provenance = { source: string; needsSource?: never; needed?: never } | { needsSource: true; needed: string; source?: never };

export const isSourced = (item: Provenance): boolean => typeof item.source === 'string' && item.source.trim() !== '';
