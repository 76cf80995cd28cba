// The article text imported as data, as the seed product kept it: every article's full text in the one bundle.
const sources = import.meta.glob('../../src/content/articles/*.mdx', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const images = import.meta.glob('../../src/content/articles/*.png', { query: '?url', import: 'default', eager: true }) as Record<
  string,
  string
>;

export interface BenchArticle {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  image: string;
  imageAlt: string;
  body: string;
}

function field(front: string, name: string): string {
  const match = front.match(new RegExp(`^${name}:\\s*'?(.*?)'?$`, 'm'));
  return (match?.[1] ?? '').replace(/''/g, "'");
}

export const articles: BenchArticle[] = Object.entries(sources).map(([path, raw]) => {
  const id = path
    .split('/')
    .pop()!
    .replace(/\.mdx$/, '');
  const [, front = '', body = ''] = raw.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  return {
    id,
    title: field(front, 'title'),
    excerpt: field(front, 'excerpt'),
    category: field(front, 'category'),
    image: images[path.replace(/\.mdx$/, '.png')] ?? '',
    imageAlt: field(front, 'imageAlt'),
    body,
  };
});
