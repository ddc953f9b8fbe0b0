export { gradebookRoutes } from './gradebook.routes.js';
export { gradingRoutes } from './grading.routes.js';
export { historyRoutes } from './history.routes.js';
export { ratingsRoutes } from './ratings.routes.js';
export { foldKey } from './gradebook-format.js';
