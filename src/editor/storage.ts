/**
 * Where the editor reads and writes. `npm run dev`: the files of this working copy (Keystatic's local mode).
 * A production build: the GitHub repository named by PUBLIC_KEYSTATIC_GITHUB_REPO ("owner/name"), where every
 * change goes to a branch of its own and reaches the site by pull request.
 */
export const EDITOR_BRANCH_PREFIX = 'articles/';

const REPO = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/;

export type EditorStorage = { kind: 'local' } | { kind: 'github'; repo: `${string}/${string}`; branchPrefix: string };

export function isGitHubRepo(value: string | undefined): value is `${string}/${string}` {
  return value !== undefined && REPO.test(value);
}

export function editorStorage({ dev, repo }: { dev: boolean; repo: string | undefined }): EditorStorage {
  if (dev) return { kind: 'local' };
  if (!isGitHubRepo(repo))
    throw new Error(`PUBLIC_KEYSTATIC_GITHUB_REPO must name the repository as owner/name (it is ${JSON.stringify(repo)})`);
  return { kind: 'github', repo, branchPrefix: EDITOR_BRANCH_PREFIX };
}
