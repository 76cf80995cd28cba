export const firefoxPath: string;
export const webkitDriverPath: string;
export const xvfbRunPath: string;
export function findMiniBrowser(root?: string): string | undefined;
export function browserCheck(): Array<{ name: string; package: string; present: boolean }>;
