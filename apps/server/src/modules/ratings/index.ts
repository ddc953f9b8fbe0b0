/*
 * The ratings module as the rest of the server sees it: reads that bring the stored sums up to date by themselves,
 * the cohort conditions the reports build on, and one step for seeds that load grades in bulk. Nothing here refreshes
 * the sums on request: that is the reads' own business.
 */
export {
  countAttributeBands,
  countRecordBandsBySubject,
  countRecordBandsBySubjectPeriod,
  countReportBands,
  countStudentBands,
  countStudentBandsByPeriod,
  listAttributeRatings,
  listCohortRatedSlots,
  listAttributeRatingsUnordered,
  listGlobalAttributeAverages,
  listStudentAttributeRatings,
  ratingQueries,
  type AssignmentSlot,
  type AttributeBandCount,
  type AttributeRating,
  type BandCountRow,
  type GlobalAttributeAverage,
  type RatingFilter,
} from './ratings.repository.js';
export { careerAttributeIds, cohortUserIds, countsInCareer, type CohortScope } from './cohort.js';
export { finishBulkLoad } from './sums.js';
