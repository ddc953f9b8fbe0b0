export { careersRoutes } from './careers.routes.js';
