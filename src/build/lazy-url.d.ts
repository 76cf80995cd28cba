/** See lazy-url-plugin.ts: the built URL of a module, for a hand-made import() on demand. */
declare module 'lazy-url:*' {
  const url: string;
  export default url;
}
