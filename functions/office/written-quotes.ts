/** The office's written-quotes routes (issue 33): registered by functions/office/routes.ts. */
import type { OfficeRoutes } from './routes';

export function writtenQuotesRoutes(routes: OfficeRoutes): void {
  void routes;
}
