/**
 * Opens and saves article bodies with the browser editor's own code (src/editor/build/editor-body-bundle.mjs), in
 * worker threads: one per 25 bodies waiting, up to one per core. The workers stay for the next check (the dev server
 * checks again on each save) without keeping a finished process alive; closeEditorPool() ends them.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { discardEditorBodyBundle, editorBodyBundle } from '../../editor/build/editor-body-bundle.mjs';

/** What the editor made of a body: its saved text, or Keystatic's own words when it could not open or save it. */
export type EditorVerdict = { opened: true; saved: string } | { opened: boolean; saved?: undefined; error: string };

/** Opens a body (the file's text after its frontmatter) in the editor and saves it again. */
export type RoundTrip = (source: string, slug: string) => Promise<EditorVerdict>;

interface Job {
  id: number;
  source: string;
  slug: string;
  done: (verdict: EditorVerdict) => void;
  failed: (error: Error) => void;
}

const WORKER = new URL('../../editor/build/editor-body-worker.mjs', import.meta.url);
const BODIES_PER_WORKER = 25;

export class EditorPool {
  private readonly queue: Job[] = [];
  private readonly workers: Array<{ worker: Worker; job?: Job; ready: boolean }> = [];
  private nextId = 0;
  private failure: Error | undefined;

  get failed() {
    return this.failure !== undefined;
  }

  private readonly bundle: string;

  constructor(bundle: string) {
    this.bundle = bundle;
  }

  roundTrip(source: string, slug: string): Promise<EditorVerdict> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((done, failed) => {
      this.queue.push({ id: this.nextId++, source, slug, done, failed });
      const wanted = Math.min(availableParallelism(), Math.ceil((this.queue.length + this.busy()) / BODIES_PER_WORKER));
      while (this.workers.length < wanted) this.start();
      this.dispatch();
    });
  }

  close(): Promise<unknown> {
    return Promise.all(this.workers.splice(0).map(({ worker }) => worker.terminate()));
  }

  private busy = () => this.workers.filter((slot) => slot.job).length;

  private start() {
    const slot: { worker: Worker; job?: Job; ready: boolean } = {
      worker: new Worker(WORKER, { workerData: { bundle: this.bundle } }),
      ready: false,
    };
    this.workers.push(slot);
    slot.worker.on('message', (message: { ready?: true; id?: number; result?: EditorVerdict }) => {
      if (message.ready) slot.ready = true;
      else if (slot.job && message.id === slot.job.id && message.result) slot.job.done(message.result);
      slot.job = undefined;
      this.dispatch();
    });
    slot.worker.on('error', (error) => this.fail(error));
    slot.worker.on('exit', (code) => {
      if (this.workers.includes(slot)) this.fail(new Error(`it stopped (exit code ${code})`));
    });
  }

  private dispatch() {
    for (const slot of this.workers) {
      if (!slot.ready || slot.job) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, source: job.source, slug: job.slug });
    }
    // Only a worker with work keeps the process alive.
    for (const slot of this.workers)
      if (slot.job || (!slot.ready && this.queue.length)) slot.worker.ref();
      else slot.worker.unref();
  }

  private fail(cause: Error) {
    if (this.failure) return;
    discardEditorBodyBundle(this.bundle);
    this.failure = new Error(
      `The article check could not run the browser editor's code (src/editor/build/editor-body-worker.mjs): ${cause.message}`,
      { cause },
    );
    const pending = [...this.queue.splice(0), ...this.workers.flatMap((slot) => (slot.job ? [slot.job] : []))];
    void this.close();
    for (const job of pending) job.failed(this.failure);
  }
}

interface Current {
  file: string;
  pool: EditorPool;
  verdicts: Map<string, Promise<EditorVerdict>>;
  /** Bodies this bundle has saved byte for byte, by key: kept on disk, so the build after a check opens none again. */
  passed: Set<string>;
  passedList: string;
}
let current: Current | undefined;
let preparing: Promise<RoundTrip> | undefined;

function readPassed(list: string): Set<string> {
  return new Set(existsSync(list) ? readFileSync(list, 'utf8').split('\n').filter(Boolean) : []);
}

function remember(list: string, key: string) {
  try {
    // One short line per body: appends of whole lines do not mix, whichever checks run at once.
    appendFileSync(list, `${key}\n`);
  } catch {
    // Only a list to save time: the body is opened again next time.
  }
}

/**
 * The editor's round trip, from a bundle of the editor's code as it is now (bundled again first if it changed). A body
 * it has already saved unchanged is not opened again (the dev server checks every article on each save, and the build
 * after `npm run check:articles` checks the same ones).
 */
export function editorRoundTrip(): Promise<RoundTrip> {
  return (preparing ??= prepare().finally(() => (preparing = undefined)));
}

async function prepare(): Promise<RoundTrip> {
  const bundle = await editorBodyBundle();
  if (current?.file !== bundle.file || current.pool.failed) {
    void current?.pool.close();
    const passed = readPassed(bundle.passed);
    current = { file: bundle.file, pool: new EditorPool(bundle.file), verdicts: new Map(), passed, passedList: bundle.passed };
  }
  const { pool, verdicts, passed, passedList } = current;
  return (source, slug) => {
    const key = createHash('sha256').update(slug).update('\0').update(source).digest('base64url');
    if (passed.has(key)) return Promise.resolve({ opened: true, saved: source });
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = pool.roundTrip(source, slug);
      verdicts.set(key, verdict);
      verdict.then(
        (found) => {
          if (found.saved === source && !passed.has(key)) {
            passed.add(key);
            remember(passedList, key);
          }
        },
        () => undefined,
      );
    }
    return verdict;
  };
}

/** Ends the workers (a command that is done with them; a long-running server may keep them). */
export async function closeEditorPool(): Promise<void> {
  const pool = current?.pool;
  current = undefined;
  await pool?.close();
}
