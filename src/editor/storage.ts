/** This working copy in `npm run dev`; otherwise the GitHub repository PUBLIC_KEYSTATIC_GITHUB_REPO, each change on a branch of its own. */
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
