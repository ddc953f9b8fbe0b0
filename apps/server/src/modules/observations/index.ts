export { observationsRoutes } from './observations.routes.js';
export { studentObservations } from './observations.repository.js';
