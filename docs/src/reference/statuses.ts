/** The status catalogue, as the reference lists it: every page Fallback builds for a status. */
import { statusCatalog } from '../../../packages/fallback-pages/src/catalog/statuses.ts';
import { appErrorPages } from '../../../packages/fallback-pages/src/catalog/appErrors.ts';

export { appErrorPages, statusCatalog };
