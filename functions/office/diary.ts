/** The office's diary routes (issue 33): registered by functions/office/routes.ts. */
import type { OfficeRoutes } from './routes';

export function diaryRoutes(routes: OfficeRoutes): void {
  void routes;
}
