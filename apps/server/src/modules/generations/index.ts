export { generationsRoutes } from './generations.routes.js';
export { listGenerations } from './generations.repository.js';
