export { improvementRoutes } from './improvement.routes.js';
export {
  addImprovementFollowup,
  buildImprovementWorkbook,
  createImprovementAction,
  listImprovementActions,
  updateImprovementAction,
} from './improvement.service.js';
export { buildPerformance, buildPerformanceWorkbook } from './performance.service.js';
