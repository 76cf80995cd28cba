/** The office's leads routes (issue 33): registered by functions/office/routes.ts. */
import type { OfficeRoutes } from './routes';

export function leadsRoutes(routes: OfficeRoutes): void {
  void routes;
}
