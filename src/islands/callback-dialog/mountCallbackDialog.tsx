import { createRoot } from 'react-dom/client';
import CallbackDialog from './CallbackDialog';

/** Client-only: the dialog is closed until someone asks for it, so there is nothing to pre-render. */
export function mount(host: HTMLElement): void {
  createRoot(host).render(<CallbackDialog />);
}
