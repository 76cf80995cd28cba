// @ts-check
/**
 * A worker thread that opens and saves article bodies with the bundled editor body field (editor-body-bundle.mjs), in
 * a simulated page: the editor's modules expect a browser (its styles reach for `document` as they load), and the
 * page's globals stay inside this thread, away from the build or dev server that started it. Asked by
 * src/content/checks/editor-pool.ts: { id, source, slug } in, { id, result } out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { Window } from 'happy-dom';

const port = parentPort;
if (!port) throw new Error('editor-body-worker.mjs runs as a worker thread');

// As a test environment does: the page's own properties become globals, except those Node already has.
const window = new Window({ url: 'http://localhost/' });
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis) continue;
  Object.defineProperty(globalThis, key, {
    value: /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[key],
    configurable: true,
    writable: true,
  });
}

/** @type {{ openAndSave(source: string, slug: string): import('../body-roundtrip.ts').RoundTrip }} */
const editor = await import(pathToFileURL(workerData.bundle).href);
if (typeof editor.openAndSave !== 'function')
  throw new Error(`${workerData.bundle} has no openAndSave(): bundle src/editor/body-roundtrip.ts again`);

port.on('message', (/** @type {{ id: number, source: string, slug: string }} */ { id, source, slug }) => {
  let result;
  try {
    const { state: _state, ...rest } = /** @type {any} */ (editor.openAndSave(source, slug));
    result = rest;
  } catch (error) {
    result = { opened: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage({ id, result });
});
port.postMessage({ ready: true });
