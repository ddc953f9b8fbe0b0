export { subjectsRoutes } from './subjects.routes.js';
export { findSubjectRow } from './subjects.repository.js';
