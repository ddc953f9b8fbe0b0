export { periodsRoutes } from './periods.routes.js';
export { findPeriod } from './periods.repository.js';
