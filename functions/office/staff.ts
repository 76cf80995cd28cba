/** The office's staff routes (issue 33): registered by functions/office/routes.ts. */
import type { OfficeRoutes } from './routes';

export function staffRoutes(routes: OfficeRoutes): void {
  void routes;
}
