/**
 * Issue 31 item 6: the editors' guide (docs/adding-an-article.md) is true on every line it gives to type. Its
 * commands are read out of the guide and run on a temporary copy of the project, in its order: the Node version it
 * asks for, new:article with --id, the file names its frontmatter and git lines use, swapping the placeholder for a
 * phone photo (a forgotten placeholder is refused, then deleted and the photo shrunk as it says), check:articles;
 * and the time it quotes for the tests is the one last measured (docs/test-time.json, scripts/time-tests.mjs).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, runIn, type RunResult } from '../../scripts/lib/project-copy.mjs';
import { writeNoisePicture } from '../shared/noise-picture';

const guide = readFileSync('docs/adding-an-article.md', 'utf8');
const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));

/** Every line of the guide's ```sh blocks (indented ones too), without comments. */
const commands = [...guide.matchAll(/^( *)```sh\n([\s\S]*?)^\1```/gm)]
  .flatMap(([, , body]) => body!.split('\n'))
  .map((line) => line.replace(/\s+#.*$/, '').trim())
  .filter(Boolean);
const command = (start: string) => {
  const found = commands.find((line) => line.startsWith(start));
  if (!found) throw new Error(`the guide has no command starting "${start}"`);
  return found;
};
const words = (line: string) => [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);

let copy: string;

/** Runs a line of the guide in the copy: `npm run <script> -- args` as package.json defines the script, rm, git. */
async function follow(line: string): Promise<RunResult> {
  const [program, ...args] = words(line);
  if (program === 'rm') {
    for (const path of args) rmSync(join(copy, path));
    return { status: 0, output: '', seconds: 0 };
  }
  if (program === 'git') {
    const run = spawnSync('git', args, { cwd: copy, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr, seconds: 0 };
  }
  expect([program, args[0]]).toEqual(['npm', 'run']);
  const [node, script] = words(packageJson.scripts[args[1]!]);
  expect(node).toBe('node');
  const rest = args.slice(2);
  return runIn(copy, [script!, ...(rest[0] === '--' ? rest.slice(1) : rest)]);
}

beforeAll(() => {
  copy = copyProject({ prefix: 'shiftly-guide-' });
  spawnSync('git', ['init', '-q'], { cwd: copy });
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('docs/adding-an-article.md, followed on a copy of the project', () => {
  it('asks for the Node version package.json requires', () => {
    const asked = /\[Node\.js\]\([^)]+\) \(version ([\d.]+) or newer\)/.exec(guide)?.[1];
    const required = /^>=\s*([\d.]+)$/.exec(packageJson.engines.node)?.[1];
    expect(asked).toBeDefined();
    expect(required?.replace(/(\.0)+$/, '')).toBe(asked);
  });

  // The commands run scripts with sharp and the article check: a minute or more on a busy machine.
  it('starts the article with new:article and --id, under the names its frontmatter and git lines use', { timeout: 180_000 }, async () => {
    const start = command('npm run new:article');
    const started = await follow(start);
    expect(started.status, started.output).toBe(0);
    const id = /--id (\S+)/.exec(start)![1]!;
    const article = readFileSync(join(copy, `src/content/articles/${id}.mdx`), 'utf8');
    // The frontmatter example's image line is the one new:article wrote.
    const imageLine = /^image: .+$/m.exec(/```yaml\n([\s\S]*?)```/.exec(guide)![1]!)![0];
    expect(article).toContain(`\n${imageLine}\n`);
    expect(guide).toContain(`http://localhost:4321/articles/${id}`);
  });

  it(
    'swaps the placeholder for a phone photo: a forgotten placeholder and a too-big photo are refused, then fixed as it says',
    { timeout: 300_000 },
    async () => {
      const shrink = command('npm run shrink:image');
      const photo = words(shrink).at(-1)!;
      // A phone photo: 3,000 px wide and several MB.
      await writeNoisePicture(join(copy, photo), 3000, 2250);
      // "Change the image: line to its name".
      const newImageLine = /`(image: \.\/[^`]+)`/.exec(guide.slice(guide.indexOf('### 5. Add your picture')))![1]!;
      expect(newImageLine).toBe(`image: ./${photo.split('/').pop()}`);
      const file = photo.replace(/\.jpg$/, '.mdx');
      writeFileSync(join(copy, file), readFileSync(join(copy, file), 'utf8').replace(/^image: .+$/m, newImageLine));

      const before = await follow(command('npm run check:articles'));
      expect(before.status).toBe(1);
      const placeholder = command('rm ').split(' ')[1]!;
      expect(before.output).toContain(`${placeholder}\n    No article shows this picture`);
      expect(before.output).toContain(`run ${shrink} and commit`);

      for (const line of [command('rm '), shrink]) expect((await follow(line)).status, line).toBe(0);
      const after = await follow(command('npm run check:articles'));
      expect(after.status, after.output).toBe(0);
      expect(after.output).toContain('Ready for a pull request');
    },
  );

  it('commits the files it has made: its git add line names them', async () => {
    const added = await follow(command('git add'));
    expect(added.status, added.output).toBe(0);
    const staged = spawnSync('git', ['diff', '--cached', '--name-only'], { cwd: copy, encoding: 'utf8' }).stdout.trim().split('\n');
    expect(staged.sort()).toEqual(words(command('git add')).slice(2).sort());
  });

  it('quotes the time npm test took when last measured', () => {
    const measured = JSON.parse(readFileSync('docs/test-time.json', 'utf8'));
    expect(guide, `docs/test-time.json says ${measured.minutes} minutes: the guide's step 8 should too`).toContain(
      `the page-weight budgets included (about ${measured.minutes} minutes`,
    );
  });
});
