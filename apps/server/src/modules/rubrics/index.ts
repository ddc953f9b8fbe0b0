export { rubricsRoutes } from './rubrics.routes.js';
