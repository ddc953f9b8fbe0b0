export { attributesRoutes } from './attributes.routes.js';
export { attributesWithCareer, presentAttribute } from './attributes.repository.js';
