export { reportsRoutes } from './reports.routes.js';
export { countCohort, findCohortCareer, findCohortGeneration } from './evidence.repository.js';
export { buildCohortEvidence, buildCurriculumMap } from './evidence.service.js';
export { listRatingRecords } from './reports.repository.js';
export { buildFlexWorkbook, summarizeDivisionReport } from './reports.service.js';
export { listEffectiveTargets } from './targets.repository.js';
