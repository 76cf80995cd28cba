/**
 * The HTML tags an article may use, each one the browser editor can show and save as it was (a toolbar button of its
 * own): the check allows these and no others, and the editor's body field offers exactly these.
 */
export const INLINE_TAGS = {
  abbr: { label: 'Abbreviation', attribute: 'title', example: '<abbr title="HM Revenue and Customs">HMRC</abbr>' },
  kbd: { label: 'Key on a keyboard', example: '<kbd>Ctrl</kbd>' },
  sub: { label: 'Subscript', example: 'CO<sub>2</sub>' },
  sup: { label: 'Superscript', example: 'm<sup>3</sup>' },
} as const satisfies Record<string, { label: string; attribute?: string; example: string }>;

export type InlineTag = keyof typeof INLINE_TAGS;

export const isInlineTag = (name: string): name is InlineTag => Object.hasOwn(INLINE_TAGS, name);

/** The one attribute a tag takes, if any (an abbreviation's spelled-out form). */
export function tagAttribute(tag: InlineTag): string | undefined {
  const spec = INLINE_TAGS[tag];
  return 'attribute' in spec ? spec.attribute : undefined;
}

/** What to write instead of a tag that has a Markdown form of its own. */
export const MARKDOWN_FOR_TAG: Record<string, string> = {
  b: '**bold words**',
  strong: '**bold words**',
  i: '*italic words*',
  em: '*italic words*',
  del: '~~struck-through words~~',
  s: '~~struck-through words~~',
  br: 'a backslash \\ at the end of the line',
};
