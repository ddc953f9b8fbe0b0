/** Text and number limits of the specification, shared by forms and server validation. */
export const LIMITS = {
  passwordMin: 8,
  /** Every date the app accepts (ISO, inclusive): wide enough for any real record, narrow enough that date arithmetic stays in four-digit years. */
  dateMin: '1900-01-01',
  dateMax: '2199-12-31',
  generatedPasswordMin: 8,
  userName: 100,
  email: 100,
  controlNumber: 20,
  careerKey: 20,
  careerName: 100,
  periodName: 100,
  periodNotes: 1000,
  subjectName: 120,
  subjectKey: 20,
  creditsMin: 0,
  creditsMax: 30,
  attributeName: 50,
  attributeDescription: 1000,
  attributeCode: 20,
  groupName: 100,
  activityName: 150,
  evidenceType: 85,
  evaluationInstrument: 85,
  gradeMin: 0,
  gradeMax: 100,
  weightMin: 1,
  weightMax: 100,
  observation: 2000,
  criterionName: 150,
  indicatorDescription: 500,
  scaleDescription: 1000,
  uploadBytes: 5 * 1024 * 1024,
  periodsPageSize: 10,
  perPageMax: 100,
  importErrorsShown: 3,
  advanceErrorsShown: 5,
  multiSelectOptions: 1000,
  /** Cause, action, verdict note and follow-up of an improvement action. */
  improvementText: 2000,
  improvementSubjects: 20,
} as const;

/** Timings of the specification, in milliseconds. */
export const TIMINGS = {
  loginRedirect: 800,
  accountLoadFailRedirect: 1500,
  successToast: 1600,
  errorToast: 2200,
  rubricSuccess: 1400,
  policySuccess: 2000,
} as const;

