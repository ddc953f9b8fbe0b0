import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** Instants are ISO 8601 UTC strings and dates 'YYYY-MM-DD' strings, identical on SQLite and PostgreSQL. */
type Id = Generated<number>;

export interface UsersTable {
  id: Id;
  full_name: string;
  email: string;
  password_hash: string;
  role: number;
  controlnumber: string | null;
  gender: number | null;
  photo: string | null;
  created_at: string;
  updated_at: string;
  /** 1 while a password someone else set (created, imported, reset) awaits its owner's change. */
  must_change_password: ColumnType<number, number | undefined, number>;
  /** The institutional provider's subject (`sub`) once the account signed in with it. */
  oidc_subject: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface OidcSignInsTable {
  state_hash: string;
  verifier_hash: string;
  expires_at: string;
}
/** A link sent by e-mail (activation, reset, e-mail change): the hash of its token, used once (migration 0019). */
export interface MailLinksTable {
  token_hash: string;
  user_id: number;
  purpose: string;
  new_email: string | null;
  created_at: string;
  expires_at: string;
}
export interface OidcHandoffsTable {
  code_hash: string;
  user_id: number;
  expires_at: string;
}
/** A gradebook export's column mapped onto a sheet's activity (null: ignored), remembered for the next import. */
export interface GradebookColumnsTable {
  professor_subject_id: number;
  source_key: string;
  activity_id: number | null;
  max_points: number | null;
}
/** The file an import's grade-history batch came from. */
export interface GradeImportFilesTable {
  batch_id: string;
  file_name: string;
  source_kind: string;
}
export interface AccessTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
}
export interface UserSessionsTable {
  id: Id;
  user_id: number;
  logged_in_at: string;
  user_agent: string | null;
  ip: string | null;
}
export interface CareersTable {
  id: Id;
  career_key: string;
  name: string;
  created_at: string;
  updated_at: string;
}
export interface UserCareersTable {
  id: Id;
  user_id: number;
  career_id: number;
}
export interface SemestersTable {
  id: number;
  semester_name: string;
}
export interface GroupsTable {
  id: Id;
  group_name: string;
  semester_id: number | null;
  created_at: string;
  updated_at: string;
}
export interface UserGroupsTable {
  id: Id;
  user_id: number;
  group_id: number;
}
export interface GenerationsTable {
  id: Id;
  start_date: string;
  end_date: string;
  created_at: string;
  updated_at: string;
}
export interface UserGenerationsTable {
  id: Id;
  user_id: number;
  generation_id: number;
  current_semester_id: number | null;
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}
export interface PeriodsTable {
  id: Id;
  period_name: string;
  start_date: string;
  end_date: string;
  status: 'published' | 'closed';
  is_active: ColumnType<number, number | undefined, number>;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
export interface SubjectsTable {
  id: Id;
  subject_name: string;
  subject_key: string;
  theory_credits: number;
  practice_credits: number;
  created_at: string;
  updated_at: string;
}
export interface SubjectPrerequisitesTable {
  subject_id: number;
  prerequisite_id: number;
}
export interface SubjectSemestersTable {
  id: Id;
  subject_id: number;
  semester_id: number;
}
export interface SubjectCareersTable {
  subject_id: number;
  career_id: number;
}
export interface AttributesTable {
  id: Id;
  attribute_name: string;
  description: string | null;
  codigo: string | null;
  career_id: number | null;
  created_at: string;
  updated_at: string;
}
export interface SubjectAttributesTable {
  id: Id;
  subject_id: number;
  attribute_id: number;
  knowledge_level: 'I' | 'M' | 'A';
}
export interface ProfessorSubjectsTable {
  id: Id;
  user_id: number;
  subject_id: number;
  group_id: number | null;
  period_id: number | null;
  career_id: number | null;
  created_at: string;
}
export interface ActivitiesTable {
  id: Id;
  professor_subject_id: number;
  activity_name: string;
  type_activity: string | null;
  evaluation_instrument: string | null;
  ponderation: number;
  created_at: string;
  updated_at: string;
}
export interface ActivityAttributesTable {
  activity_id: number;
  attribute_id: number;
}
/** Weighted sums of the attribute ratings per student, assignment and attribute (migration 0010, `modules/ratings/sums.ts`). */
export interface AttributeRatingSumsTable {
  professor_subject_id: number;
  user_id: number;
  attribute_id: number;
  subject_id: number;
  period_id: number | null;
  group_id: number | null;
  /** Σ hundredths(grade) × hundredths(ponderation). */
  weighted_sum: number;
  /** Σ hundredths(ponderation). */
  weight_sum: number;
}
/** Assignments whose rating sums a write made stale, until `refreshRatingSums` recomputes them. */
export interface AttributeRatingSumsDirtyTable {
  professor_subject_id: number;
}
export interface UserActivitiesTable {
  id: Id;
  user_id: number;
  activity_id: number;
  qualification: number | null;
  updated_by: number | null;
  updated_at: string;
  /** 1 on insert, +1 on every change: what a grid sends back to detect a stale write. */
  version: ColumnType<number, number | undefined, number>;
}
export type GradeSource =
  'pantalla' | 'importación' | 'eliminación de actividad' | 'deshacer importación' | 'restauración';
export interface GradeHistoryTable {
  id: Id;
  user_id: number;
  activity_id: number;
  professor_subject_id: number;
  activity_name: string;
  before: number | null;
  after: number | null;
  changed_by: number | null;
  changed_at: string;
  source: GradeSource;
  batch_id: string | null;
}
export interface EnrolmentsTable {
  id: Id;
  user_id: number;
  subject_id: number;
  semester_id: number;
  period_id: number;
  status_id: number;
  created_at: string;
}
export interface ObservationsTable {
  id: Id;
  user_id: number;
  attribute_id: number;
  subject_id: number;
  professor_id: number;
  period_id: number | null;
  activity_id: number | null;
  observation: string;
  created_at: string;
}
export interface RubricsTable {
  id: Id;
  professor_subject_id: number;
  rubric_name: string;
  created_at: string;
}
export interface EvaluationCriteriasTable {
  id: Id;
  rubric_id: number;
  attribute_id: number;
  name_criterion: string;
  weight: number;
}
export interface IndicatorsTable {
  id: Id;
  evaluationcriteria_id: number;
  description: string;
  weight: number;
}
export interface EvaluationScalesTable {
  id: number;
  scale_name: string;
  min_value: number;
  max_value: number;
}
export interface CriteriaScalesTable {
  id: Id;
  evaluationcriteria_id: number;
  scale_id: number;
  custom_description: string;
}
export interface GroupPolicyTable {
  id: number;
  mode: string;
  odd_months: string;
  even_months: string;
  fallback: string;
  naming_scheme: string;
  updated_at: string;
}
export interface AuditLogTable {
  id: Id;
  user_id: number | null;
  action: string;
  entity: string | null;
  entity_id: number | null;
  details: string | null;
  created_at: string;
}

export interface AttributeTargetsTable {
  id: Id;
  career_id: number;
  attribute_id: number;
  period_id: number;
  /** Percentage (0-100) of the students with data expected at Suficiente or above. */
  target: number;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}
export type ImprovementStatus = 'planeada' | 'en_curso' | 'cumplida' | 'no_cumplida';
/** An improvement action (CACEI 4.4); the finding_* columns are the counts as measured when it was written. */
export interface ImprovementActionsTable {
  id: Id;
  career_id: number;
  generation_id: number;
  attribute_id: number;
  finding_period_id: number;
  finding_students: number;
  /** Students at Suficiente or above. */
  finding_sufficient: number;
  finding_insufficient: number;
  finding_target: number;
  period_id: number;
  cause: string;
  action: string;
  expected_share: number;
  status: ImprovementStatus;
  verdict_note: string | null;
  verdict_by: number | null;
  verdict_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface ImprovementActionSubjectsTable {
  id: Id;
  action_id: number;
  subject_id: number;
  teacher_id: number | null;
  teacher_name: string | null;
}
export interface ImprovementActionFollowupsTable {
  id: Id;
  action_id: number;
  followup_date: string;
  text: string;
  author_id: number | null;
  author_name: string;
  created_at: string;
}
/** A student's status change (1 Activo, 0 Baja, 2 Graduado), recorded by triggers on user_generations. */
export interface StatusChangesTable {
  id: Id;
  user_id: number;
  generation_id: number | null;
  /** Null when the link was created with this status. */
  from_active: number | null;
  to_active: number;
  changed_at: string;
  period_id: number | null;
}
export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  oidc_sign_ins: OidcSignInsTable;
  oidc_handoffs: OidcHandoffsTable;
  gradebook_columns: GradebookColumnsTable;
  grade_import_files: GradeImportFilesTable;
  mail_links: MailLinksTable;
  user_sessions: UserSessionsTable;
  careers: CareersTable;
  user_careers: UserCareersTable;
  attribute_targets: AttributeTargetsTable;
  improvement_actions: ImprovementActionsTable;
  improvement_action_subjects: ImprovementActionSubjectsTable;
  improvement_action_followups: ImprovementActionFollowupsTable;
  status_changes: StatusChangesTable;
  semesters: SemestersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  generations: GenerationsTable;
  user_generations: UserGenerationsTable;
  periods: PeriodsTable;
  subjects: SubjectsTable;
  subject_prerequisites: SubjectPrerequisitesTable;
  subject_semesters: SubjectSemestersTable;
  subject_careers: SubjectCareersTable;
  attributes: AttributesTable;
  subject_attributes: SubjectAttributesTable;
  professor_subjects: ProfessorSubjectsTable;
  activities: ActivitiesTable;
  activity_attributes: ActivityAttributesTable;
  user_activities: UserActivitiesTable;
  attribute_rating_sums: AttributeRatingSumsTable;
  attribute_rating_sums_dirty: AttributeRatingSumsDirtyTable;
  enrolments: EnrolmentsTable;
  observations: ObservationsTable;
  grade_history: GradeHistoryTable;
  rubrics: RubricsTable;
  evaluation_criterias: EvaluationCriteriasTable;
  indicators: IndicatorsTable;
  evaluation_scales: EvaluationScalesTable;
  criteria_scales: CriteriaScalesTable;
  group_policy: GroupPolicyTable;
  audit_log: AuditLogTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** What every repository function takes: the database or a transaction on it. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** The row the query built by `query` answers: what a repository's presenter takes. */
export type RowOf<F extends (db: DbOrTrx) => { execute(): Promise<unknown[]> }> = Awaited<
  ReturnType<ReturnType<F>['execute']>
>[number];
