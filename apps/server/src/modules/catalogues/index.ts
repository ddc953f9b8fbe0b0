export { cataloguesRoutes } from './catalogues.routes.js';
export { findActivePeriod } from './catalogues.repository.js';
