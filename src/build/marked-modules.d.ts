/** See import-marks.ts. The built URL of a module, for a hand-made import() on demand. */
declare module 'lazy-url:*' {
  const url: string;
  export default url;
}
/** A module bundled into the importing script: its types are the module's own. */
declare module 'own-copy:~/scripts/consent-record' {
  export * from '~/scripts/consent-record';
}
declare module 'own-copy:~/scripts/pending-trigger' {
  export * from '~/scripts/pending-trigger';
}
declare module 'own-copy:~/scripts/notice-key' {
  export * from '~/scripts/notice-key';
}
declare module 'own-copy:~/islands/shared/close-button-class' {
  export * from '~/islands/shared/close-button-class';
}
declare module 'own-copy:~/scripts/stylesheet' {
  export * from '~/scripts/stylesheet';
}
