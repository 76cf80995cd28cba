/** What an article's pictures may be: the check refuses more, and the browser editor shrinks a photo to fit first. */
export const IMAGE_LIMITS = { maxBytes: 2 * 1024 * 1024, maxWidth: 2400, heroMinWidth: 1200 } as const;
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.avif'] as const;
