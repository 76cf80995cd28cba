/** Keystatic edits this working copy in `npm run dev`, and in production the GitHub repository (signing in through the Worker). */
import { Keystatic } from '@keystatic/core/ui';
import './editor.css';
import { createRoot } from 'react-dom/client';
import { editorConfig } from './keystatic.config';
import { editorStorage } from './storage';
import { editorPreviewTarget } from '~/lib/preview';

const root = document.getElementById('editor');
if (!root) throw new Error('The editor page has no #editor element');

const storage = editorStorage({ dev: import.meta.env.DEV, repo: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO });
const previewHost = import.meta.env.PUBLIC_PREVIEW_HOST || undefined;
// The Preview link of an article (keystatic.config.ts) opens this page in a new tab: on to the branch's preview.
const preview = previewHost && editorPreviewTarget(location.pathname, previewHost);
if (preview) location.replace(preview);
else
  createRoot(root).render(
    <Keystatic
      config={editorConfig(storage, previewHost)}
      appSlug={{ envName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', value: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG || undefined }}
    />,
  );
