/**
 * Every TanStack Query key of the app, one factory per resource. A resource's `all` prefixes its other keys, so a
 * write's invalidation (`lib/cache.ts`) marks `queryKeys.x.all` stale to refresh every list, filter and summary of it.
 */
export interface PeriodListFilters {
  period_name?: string;
  status?: string;
  is_active?: 0 | 1;
  page?: number;
  per_page?: number;
  /** Every page, read side by side (the report screens' selects). */
  every?: true;
}

export interface UserListFilters {
  role?: number;
  search?: string;
  group_id?: number;
  active?: number;
  page?: number;
  per_page?: number;
}

export interface ImprovementActionFilters {
  career_id?: number;
  generation_id?: number;
  attribute_id?: number;
  period_id?: number;
  status?: string;
}

/** The periods of the teacher's own assignments a screen asks for: the active one, or every one. */
export type AssignmentPeriods = 'current' | 'every';

export const queryKeys = {
  me: { all: ['me'] as const },
  /** The sign-in page's configuration (institutional sign-in offered or not). */
  auth: {
    all: ['auth'] as const,
    oidc: () => ['auth', 'oidc'] as const,
    mail: () => ['auth', 'mail'] as const,
    link: (token: string | null) => ['auth', 'link', token] as const,
  },
  account: {
    all: ['account'] as const,
    detail: (id: number) => ['account', id] as const,
  },
  sessions: { all: ['sessions'] as const, list: (userId: number) => ['sessions', userId] as const },
  users: {
    all: ['users'] as const,
    list: (filters: UserListFilters) => ['users', 'list', filters] as const,
  },
  careers: { all: ['careers'] as const, list: () => ['careers', 'list'] as const },
  periods: {
    all: ['periods'] as const,
    list: (filters: PeriodListFilters) => ['periods', 'list', filters] as const,
  },
  generations: { all: ['generations'] as const, list: () => ['generations', 'list'] as const },
  groupPolicy: { all: ['group-policy'] as const },
  semesters: { all: ['semesters'] as const, list: () => ['semesters', 'list'] as const },
  subjects: {
    all: ['subjects'] as const,
    list: () => ['subjects', 'list'] as const,
    semesters: () => ['subjects', 'semesters'] as const,
  },
  attributes: { all: ['attributes'] as const, list: () => ['attributes', 'list'] as const },
  groups: { all: ['groups'] as const, list: () => ['groups', 'list'] as const },
  /** Assignments: the chief's list, the teacher's own ones and their careers. */
  assignments: {
    all: ['assignments'] as const,
    current: () => ['assignments', 'current'] as const,
    /** GET /profesor/materias: the signed-in teacher's assignments of a career. */
    mine: (careerId: number | null, periods: AssignmentPeriods) => ['assignments', 'mine', careerId, periods] as const,
    /** GET /mis-carreras: the signed-in user's careers, their own and those of their assignments. */
    myCareers: () => ['assignments', 'my-careers'] as const,
  },
  subjectAttributes: {
    all: ['subject-attributes'] as const,
    list: (subjectId: number) => ['subject-attributes', subjectId] as const,
  },
  activities: {
    all: ['activities'] as const,
    byAssignment: (assignmentId: number) => ['activities', 'assignment', assignmentId] as const,
  },
  teacherDashboard: {
    all: ['teacher-dashboard'] as const,
    detail: (careerId: number | null) => ['teacher-dashboard', careerId] as const,
  },
  /** Grade sheets, finals and ratings. */
  grades: {
    all: ['grades'] as const,
    sheet: (assignmentId: number) => ['grades', 'sheet', assignmentId] as const,
    attributeRatings: (subjectId: number, groupId: number, userId: number) =>
      ['grades', 'attribute-ratings', subjectId, groupId, userId] as const,
    cellHistory: (activityId: number, userId: number) => ['grades', 'history', activityId, userId] as const,
    imports: (assignmentId: number) => ['grades', 'imports', assignmentId] as const,
  },
  observations: {
    all: ['observations'] as const,
    history: (subjectId: number, userId: number, attributeId: number | null) =>
      ['observations', subjectId, userId, attributeId] as const,
  },
  /** A student's own records. */
  student: {
    all: ['student'] as const,
    dashboard: (userId: number) => ['student', userId, 'dashboard'] as const,
    groups: (userId: number) => ['student', userId, 'groups'] as const,
    available: (userId: number, semesterId: number, groupId: number) =>
      ['student', userId, 'available', semesterId, groupId] as const,
    subjects: (userId: number) => ['student', userId, 'subjects'] as const,
    grades: (userId: number, activityIds: readonly number[]) => ['student', userId, 'grades', activityIds] as const,
    ratings: (userId: number, subjectId: number) => ['student', userId, 'ratings', subjectId] as const,
    global: (userId: number) => ['student', userId, 'global'] as const,
    profile: (userId: number) => ['student', userId, 'profile'] as const,
  },
  attributeTargets: {
    all: ['attribute-targets'] as const,
    list: (careerId: number, periodId: number) => ['attribute-targets', careerId, periodId] as const,
  },
  /** Cohort evidence, the curriculum map and the performance indices. */
  evidence: {
    all: ['evidence'] as const,
    cohort: (careerId: number, generationId: number) => ['evidence', 'cohort', careerId, generationId] as const,
    curriculumMap: (careerId: number, periodId: number | null) =>
      ['evidence', 'curriculum-map', careerId, periodId] as const,
    performance: (careerId: number, generationId: number) =>
      ['evidence', 'performance', careerId, generationId] as const,
  },
  /** Improvement actions, with their measured result and verdict. */
  improvementActions: {
    all: ['improvement-actions'] as const,
    list: (filters: ImprovementActionFilters) => ['improvement-actions', 'list', filters] as const,
    measure: (id: number, periodId: number, expectedShare: number) =>
      ['improvement-actions', 'measure', id, periodId, expectedShare] as const,
  },
  divisionReport: {
    all: ['division-report'] as const,
    summary: (filters: {
      generation_id: number;
      career_id?: number;
      subject_id?: number;
      period_id?: number;
      attribute_id?: number;
    }) => ['division-report', 'summary', filters] as const,
  },
  evaluationScales: { all: ['evaluation-scales'] as const },
  rubrics: {
    all: ['rubrics'] as const,
    detail: (assignmentId: number) => ['rubrics', 'detail', assignmentId] as const,
    copySources: (assignmentId: number) => ['rubrics', 'copy-sources', assignmentId] as const,
  },
  reports: {
    all: ['reports'] as const,
    group: (q: { subject_id: number; group_id: number; period_id?: number }) => ['reports', 'group', q] as const,
    student: (q: { subject_id: number; group_id: number; period_id?: number; user_id: number }) =>
      ['reports', 'student', q] as const,
  },
};
