/**
 * The editor page's script: Keystatic's whole app, on a page of its own (src/editor/index.html). In `npm run dev`
 * it edits the files of this working copy; in a production build (when PUBLIC_KEYSTATIC_GITHUB_REPO is set) it
 * edits the GitHub repository through branches and pull requests, signing in through the Worker.
 */
import { Keystatic } from '@keystatic/core/ui';
import './editor.css';
import { createRoot } from 'react-dom/client';
import { editorConfig } from './keystatic.config';
import { editorStorage } from './storage';

const root = document.getElementById('editor');
if (!root) throw new Error('The editor page has no #editor element');

const storage = editorStorage({ dev: import.meta.env.DEV, repo: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO });
createRoot(root).render(
  <Keystatic
    config={editorConfig(storage)}
    appSlug={{ envName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', value: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG || undefined }}
  />,
);
