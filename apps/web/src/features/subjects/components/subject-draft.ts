import { KNOWLEDGE_LEVELS, SUBJECT_MSG, subjectBody, type Attribute, type KnowledgeLevel, type Subject, type SubjectBody } from '@egreso/domain';
import { zodFieldErrors } from '../../../lib/form-errors';

export interface SubjectDraft {
  subject_name: string;
  subject_key: string;
  theory_credits: number | '';
  practice_credits: number | '';
  prerequisites: string[];
  semesters: string[];
  careers: string[];
  attributes: Array<{ id: string; knowledge_level: KnowledgeLevel }>;
}

export const emptySubject: SubjectDraft = {
  subject_name: '', subject_key: '', theory_credits: '', practice_credits: '', prerequisites: [], semesters: [], careers: [], attributes: [],
};

export function subjectDraftOf(s: Subject): SubjectDraft {
  return {
    subject_name: s.subject_name,
    subject_key: s.subject_key,
    theory_credits: s.theory_credits,
    practice_credits: s.practice_credits,
    prerequisites: s.prerequisites.map(String),
    semesters: s.semesters.map((x) => String(x.id)),
    careers: s.careers.map((c) => String(c.id)),
    attributes: s.attributes.map((a) => ({ id: String(a.id), knowledge_level: a.knowledge_level })),
  };
}

/**
 * Subjects offered as prerequisites: on edit every subject but itself; on create every subject but the one whose key
 * equals the key being typed (it would be the subject itself).
 */
export function prerequisiteOptions(subjects: readonly Subject[], exclude: { selfId: number | null; typedKey: string }): Subject[] {
  const typed = exclude.typedKey.trim().toLowerCase();
  return subjects.filter((s) => (exclude.selfId !== null ? s.id !== exclude.selfId : !typed || s.subject_key.trim().toLowerCase() !== typed));
}

export const isLevel = (v: string): v is KnowledgeLevel => (KNOWLEDGE_LEVELS as readonly string[]).includes(v);

/**
 * The request of a draft: prerequisites as ids; careers and attributes only when non-empty; an attribute's career_id
 * only when the attribute has one. Returns the spec's message, or per-field messages, when something is missing.
 */
export function subjectBodyOf(d: SubjectDraft, attributes: readonly Attribute[]):
  { body: SubjectBody } | { error: string; fields: Record<string, string> } {
  if (!d.subject_name.trim() || !d.subject_key.trim() || d.theory_credits === '' || d.practice_credits === '') {
    return { error: SUBJECT_MSG.fillRequired, fields: {} };
  }
  const careerOf = new Map(attributes.map((a) => [a.id, a.career_id]));
  const body: SubjectBody = {
    subject_name: d.subject_name.trim(),
    subject_key: d.subject_key.trim(),
    theory_credits: d.theory_credits,
    practice_credits: d.practice_credits,
    prerequisites: d.prerequisites.map(Number),
    semesters: d.semesters.map(Number),
  };
  if (d.careers.length) body.careers = d.careers.map(Number);
  if (d.attributes.length) {
    body.attributes = d.attributes.map((a) => {
      const career = careerOf.get(Number(a.id));
      return career ? { id: Number(a.id), knowledge_level: a.knowledge_level, career_id: career } : { id: Number(a.id), knowledge_level: a.knowledge_level };
    });
  }
  const checked = subjectBody.safeParse(body);
  if (!checked.success) {
    const fields = zodFieldErrors(checked.error);
    return { error: Object.values(fields)[0] ?? SUBJECT_MSG.fillRequired, fields };
  }
  return { body };
}

/** Credits as the list shows them: 'T n | P n'. */
export const creditsText = (s: Pick<Subject, 'theory_credits' | 'practice_credits'>) => `T ${s.theory_credits} | P ${s.practice_credits}`;
