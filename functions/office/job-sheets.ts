/** The office's job-sheets routes (issue 33): registered by functions/office/routes.ts. */
import type { OfficeRoutes } from './routes';

export function jobSheetsRoutes(routes: OfficeRoutes): void {
  void routes;
}
