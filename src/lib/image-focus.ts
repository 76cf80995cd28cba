/**
 * Which part of an article's picture to keep when it is cut to a wider shape (the 1200×630 share image, the cards and
 * the hero): the frontmatter's `imageFocus`, centre when left out. Sharp's crop and the CSS crop keep the same edge.
 */
export const IMAGE_FOCUS = {
  'top left': { label: 'Top left', sharp: 'left top', className: 'object-left-top' },
  top: { label: 'Top', sharp: 'top', className: 'object-top' },
  'top right': { label: 'Top right', sharp: 'right top', className: 'object-right-top' },
  left: { label: 'Left', sharp: 'left', className: 'object-left' },
  // object-cover's own default: no class, so pages with centred pictures carry no extra CSS.
  centre: { label: 'Centre', sharp: 'centre', className: '' },
  right: { label: 'Right', sharp: 'right', className: 'object-right' },
  'bottom left': { label: 'Bottom left', sharp: 'left bottom', className: 'object-left-bottom' },
  bottom: { label: 'Bottom', sharp: 'bottom', className: 'object-bottom' },
  'bottom right': { label: 'Bottom right', sharp: 'right bottom', className: 'object-right-bottom' },
} as const;

export type ImageFocus = keyof typeof IMAGE_FOCUS;

export const IMAGE_FOCUS_VALUES = Object.keys(IMAGE_FOCUS) as [ImageFocus, ...ImageFocus[]];

export const DEFAULT_IMAGE_FOCUS: ImageFocus = 'centre';

export const focusOf = (focus: ImageFocus | undefined) => IMAGE_FOCUS[focus ?? DEFAULT_IMAGE_FOCUS];
