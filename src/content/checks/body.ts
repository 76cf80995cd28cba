/** Body rules: code, restyling, embeds and links that let a reader down are refused, each with its line and what to write instead. */
import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import { mdxToJs, mdxToMdast, type Data } from 'satteri';
import { articleMarkup } from '../../markdown/article-markup.ts';
import { INLINE_TAGS, isInlineTag, MARKDOWN_FOR_TAG, tagAttribute } from '../inline-tags.ts';
import { checkLinkUrl, type LinkSource, type PageAnchorLink } from './links.ts';
import type { ArticleProblem } from './problems.ts';
import type { SiteIndex } from './site-index.ts';

export interface MdNode {
  type: string;
  children?: MdNode[];
  position?: { start: { line: number; column: number }; end: { line: number; column: number } };
  value?: string | null;
  url?: string;
  title?: string | null;
  alt?: string | null;
  identifier?: string;
  align?: Array<string | null> | null;
  depth?: number;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
}

const TAG_REASONS: Record<string, string> = {
  script: 'would run code on the reader’s page',
  noscript: 'would run code on the reader’s page',
  style: 'would restyle the page',
  link: 'would load a stylesheet or another file into the page',
  iframe: 'would embed another site inside the page',
  frame: 'would embed another site inside the page',
  frameset: 'would embed another site inside the page',
  object: 'would embed a program inside the page',
  embed: 'would embed a program inside the page',
  portal: 'would embed another site inside the page',
  meta: 'would change how the whole page works',
  base: 'would change where every link on the page goes',
  form: 'would add a form that sends readers’ answers somewhere',
  svg: 'can carry code and styles of its own',
  math: 'is not part of the articles’ design',
};

/** Written by `npm run new:article`; a published article must have replaced it. */
export const PLACEHOLDER_MARK = 'Replace this';

export interface BodyResult {
  problems: ArticleProblem[];
  /** Links to anchors of our other pages: confirmed against the built pages after the build. */
  pageAnchorLinks: Array<PageAnchorLink & { line?: number | undefined; column?: number | undefined }>;
  images: Array<{ url: string; line?: number | undefined; column?: number | undefined }>;
}

export interface ParsedBody {
  tree?: MdNode;
  /** The MDX could not be parsed or compiled: the one problem there is. */
  syntax?: { line?: number | undefined; column?: number | undefined; message: string };
  anchors: Set<string>;
  /** The file's lines, for what the browser editor makes of a part of it (editor-roundtrip.ts). */
  lines: string[];
}

/** Parses and compiles the article the way the build does (same features, same markup and heading-id plugins). */
export function parseBody(source: string): ParsedBody {
  try {
    const tree = mdxToMdast(source, { features: { gfm: true } }) as MdNode;
    const data = { astro: { frontmatter: {}, headings: [] as Array<{ slug: string }> } };
    mdxToJs(source, {
      hastPlugins: [articleMarkup, satteriHeadingIdsPlugin()],
      features: { gfm: true, smartPunctuation: true },
      jsxImportSource: 'astro',
      // Astro's processor seeds the same bag; the heading-ids plugin fills its `headings`.
      data: data as unknown as Data,
    });
    return { tree, anchors: new Set(data.astro.headings.map((heading) => heading.slug)), lines: source.split('\n') };
  } catch (error) {
    return { syntax: syntaxProblem(error instanceof Error ? error.message : String(error)), anchors: new Set(), lines: [] };
  }
}

export function syntaxProblem(raw: string): { line?: number; column?: number; message: string } {
  const at = /^(\d+):(\d+)(?:-\d+:\d+)?:\s*/.exec(raw);
  const place = at ? { line: Number(at[1]), column: Number(at[2]) } : {};
  const text = at ? raw.slice(at[0].length) : raw;
  let message: string;
  if (/after `<`|before name|expected a character that can start a name/i.test(text))
    message =
      'a < here starts an HTML tag in an MDX file, and what follows is not one. To write the character itself, put a backslash before it (\\<), or write “less than”. (For a comment, write {/* your note */}.)';
  else if (/expression|closing brace|`\{`|`\}`/i.test(text))
    message =
      'a curly bracket { here starts code in an MDX file, and it is not closed. Put a backslash before it (\\{) to show the bracket as text.';
  else if (/closing tag|end of file/i.test(text))
    message = `an HTML tag here is not closed the way MDX needs (${text.replace(/\s*\([a-z-]+:[a-z-]+\)$/, '')}). Articles use Markdown instead of HTML.`;
  else message = `this cannot be read as MDX: ${text}`;
  return { ...place, message: capitalise(message) };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function checkBody(file: string, parsed: ParsedBody, source: LinkSource, site: SiteIndex, options: { draft: boolean }): BodyResult {
  const result: BodyResult = { problems: [], pageAnchorLinks: [], images: [] };
  if (!parsed.tree) {
    if (parsed.syntax) result.problems.push({ file, rule: 'mdx-syntax', ...parsed.syntax });
    return result;
  }
  const report = (node: MdNode, rule: string, message: string) =>
    result.problems.push({
      file,
      line: node.position?.start.line,
      column: node.position?.start.column,
      rule,
      message: capitalise(message),
    });
  const checkUrl = (node: MdNode, url: string, kind: 'link' | 'image') => {
    if (kind === 'image') return checkImageUrl(node, url);
    const verdict = checkLinkUrl(url, source, site);
    if (!verdict) return;
    if ('problem' in verdict) report(node, /^(javascript|vbscript|data):/i.test(url.trim()) ? 'script-url' : 'link', verdict.problem);
    else result.pageAnchorLinks.push({ ...verdict.pageAnchor, line: node.position?.start.line, column: node.position?.start.column });
  };
  const checkImageUrl = (node: MdNode, url: string) => {
    if (/^\s*(javascript|vbscript|data):/i.test(url))
      return report(
        node,
        'script-url',
        `the image address "${url}" would run code. Save the picture in src/content/articles/${source.id}/ and write ![what it shows](./${source.id}/file-name.png).`,
      );
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url.trim()))
      return report(
        node,
        'remote-image',
        `the image "${url}" is on another site, which our pages do not load (for readers’ privacy and speed). Save it in src/content/articles/${source.id}/ and write ![what it shows](./${source.id}/file-name.png).`,
      );
    const name = decodeURI(url.split('/').pop() ?? url);
    const folder = `./${source.id}/`;
    if (!url.startsWith(folder) || url.slice(folder.length).includes('/'))
      return report(
        node,
        'image',
        `a picture in the article is kept in a folder named after the article: save it as src/content/articles/${source.id}/${name} and write ![what it shows](${folder}${name}).`,
      );
    if (!(node.alt ?? '').trim())
      report(
        node,
        'image-alt',
        `this picture has no description, so people who cannot see it miss what it shows. Write it between the square brackets, e.g. ![A removal van outside a terraced house](${url}).`,
      );
    result.images.push({ url, line: node.position?.start.line, column: node.position?.start.column });
  };

  let previousDepth = 1; // the page's title is its h1
  let previousHeadingLine: number | undefined;
  const visit = (node: MdNode) => {
    switch (node.type) {
      case 'mdxjsEsm':
        report(
          node,
          'code',
          `a line starting with "${(node.value ?? '').trim().split(/\s/)[0]}" is run as code in an MDX file, and articles cannot contain code. Remove the line, or reword it so it does not start with import or export.`,
        );
        return;
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        const value = (node.value ?? '').trim();
        if (/^\/\*[\s\S]*\*\/$/.test(value)) {
          // {/* a note for editors */}: never shown; the browser editor keeps it as a block of its own.
          if (node.type === 'mdxTextExpression')
            report(
              node,
              'editor',
              'a note for editors is kept by the browser editor only on a line of its own: move {/* … */} to its own line, with a blank line before and after it.',
            );
          return;
        }
        report(
          node,
          'expression',
          `{${shorten(value)}}: curly brackets are read as code in an MDX file, so the page cannot show them. To show them as text, put a backslash before the first one: \\{${shorten(value)}}. Otherwise leave them out.`,
        );
        return;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        // A refused element's content is refused with it (a <style>'s {`css`}, a <script>'s code).
        if (checkElement(node) === 'refused') return;
        break;
      case 'heading': {
        const depth = node.depth ?? 2;
        const hashes = '#'.repeat(depth);
        if (depth === 1)
          report(
            node,
            'heading',
            `a # heading is the page's main title, and the article's title is already that. Use ## for a section heading.`,
          );
        else if (depth > previousDepth + 1)
          report(
            node,
            'heading',
            `this ${hashes} heading comes straight after a ${'#'.repeat(previousDepth)} ${previousDepth === 1 ? 'title' : `heading${previousHeadingLine ? ` (line ${previousHeadingLine})` : ''}`}, skipping a level. Use ${'#'.repeat(previousDepth + 1)} here: screen readers use the levels to find their way around the page.`,
          );
        previousDepth = Math.max(2, depth);
        previousHeadingLine = node.position?.start.line;
        break;
      }
      case 'link':
        checkUrl(node, node.url ?? '', 'link');
        if (node.title)
          report(
            node,
            'editor',
            `the browser editor cannot keep a link's title ("${shorten(node.title)}"): remove it and keep [the words](${node.url ?? ''}).`,
          );
        break;
      case 'definition':
        checkUrl(node, node.url ?? '', 'link');
        break;
      case 'linkReference':
      case 'imageReference':
        report(
          node,
          'editor',
          'the browser editor cannot keep links written by reference ([words][name] with a separate [name]: line). Write the address in the link itself: [the words to click](/page-address).',
        );
        return;
      case 'footnoteDefinition':
        if ((node.children ?? []).length !== 1 || node.children?.[0]?.type !== 'paragraph')
          report(
            node,
            'editor',
            `the footnote [^${node.identifier ?? ''}] has more than one paragraph, which the browser editor cannot keep. Keep a footnote to one paragraph.`,
          );
        break;
      case 'image':
        checkUrl(node, node.url ?? '', 'image');
        break;
      case 'html':
        report(node, 'html', 'HTML is not used in articles. Write Markdown instead.');
        return;
      case 'text': {
        // GFM reads [^1] as a footnote mark only when its note exists; otherwise readers see the brackets.
        const orphan = /\[\^([^\]\s]+)\]/.exec(node.value ?? '');
        if (orphan)
          report(
            node,
            'footnote',
            `[^${orphan[1]}] has no footnote to point to, so readers would see the brackets. Add the note on a line of its own at the end: [^${orphan[1]}]: The note.`,
          );
        if (!options.draft && node.value?.includes(PLACEHOLDER_MARK))
          report(
            node,
            'placeholder',
            `this still has the placeholder text from npm run new:article ("${PLACEHOLDER_MARK}…"). Write your own text, or keep draft: true until it is ready.`,
          );
        break;
      }
    }
    for (const child of node.children ?? []) visit(child);
  };

  const checkElement = (node: MdNode): 'refused' | undefined => {
    const refuse = (rule: string, message: string) => {
      report(node, rule, message);
      return 'refused' as const;
    };
    const name = node.name ?? '';
    if (name === '') return refuse('html', `an empty tag <> is not used in articles. Remove it.`);
    const lower = name.toLowerCase();
    const reason = TAG_REASONS[lower];
    if (reason)
      return refuse(
        lower === 'style' || lower === 'link' ? 'restyle' : 'unsafe-html',
        `<${name}> ${reason}, so articles cannot use it. Remove it.`,
      );
    if (/^[A-Z]|\./.test(name))
      return refuse('component', `<${name}> is a component, and articles cannot use components. Write plain Markdown instead.`);
    if (lower === 'a') return refuse('html', `write links in Markdown: [the words to click](/page-address) instead of <a>.`);
    if (lower === 'img') return refuse('html', `add images in Markdown: ![what the image shows](./file-name.png) instead of <img>.`);
    if (/^h[1-6]$/.test(lower))
      return refuse('html', `write headings in Markdown: ## for a section heading, ### below it, instead of <${name}>.`);
    const markdown = MARKDOWN_FOR_TAG[lower];
    if (markdown) return refuse('html', `write ${markdown} in Markdown instead of <${name}>.`);
    if (!isInlineTag(name))
      return refuse(
        'html',
        `<${name}> is HTML, which articles do not use: write Markdown (## headings, - lists, **bold**, [links](/page)). The only tags allowed are ${Object.values(
          INLINE_TAGS,
        )
          .map((tag) => tag.example)
          .join(', ')}.`,
      );
    const wanted = tagAttribute(name);
    for (const attribute of node.attributes ?? []) {
      if (attribute.type !== 'mdxJsxAttribute' || !attribute.name)
        return refuse('code', `<${name}> has {…} code in its attributes, and articles cannot contain code. Remove it.`);
      const attr = attribute.name.toLowerCase();
      if (typeof attribute.value === 'object' && attribute.value !== null)
        return refuse(
          'code',
          `the ${attribute.name} of <${name}> is {…} code, and articles cannot contain code. Write plain text in quotes.`,
        );
      if (/^on/.test(attr))
        return refuse('unsafe-html', `the ${attribute.name} attribute of <${name}> would run code when a reader uses the page. Remove it.`);
      if (attr === 'style' || attr === 'class' || attr === 'classname' || attr === 'id')
        return refuse(
          'restyle',
          `the ${attribute.name} attribute of <${name}> would restyle the page. Remove it: articles take the site's own styles.`,
        );
      if (attr !== wanted)
        return refuse(
          'html',
          `<${name}> may not have a ${attribute.name} attribute${wanted ? ` (only ${wanted}, as in ${INLINE_TAGS[name].example})` : ''}. Remove it.`,
        );
      if (typeof attribute.value !== 'string' || !attribute.value.trim())
        return refuse('html', `the ${attribute.name} of <${name}> is empty. Write it in quotes, as in ${INLINE_TAGS[name].example}.`);
    }
    if (wanted && !(node.attributes ?? []).some((attribute) => attribute.name === wanted))
      return refuse('html', `<${name}> needs its ${wanted}, as in ${INLINE_TAGS[name].example}.`);
  };

  visit(parsed.tree);
  return result;
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}…` : text);
