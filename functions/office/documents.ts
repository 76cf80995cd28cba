/** The office's copy of each receipt, invoice and credit note (issue 45 item 2): staff only, linked from the lead page. */
import { OFFICE_DOCUMENT_PATH } from '~/lib/documents';
import { staffOnly, type OfficeRoutes } from '../lib/office/gate';

export function documentsRoutes(routes: OfficeRoutes): void {
  routes.page(OFFICE_DOCUMENT_PATH, staffOnly);
}
