import {
  KNOWLEDGE_LEVELS,
  SUBJECT_MSG,
  type Attribute,
  type KnowledgeLevel,
  type Subject,
  type SubjectBody,
} from '@egreso/domain';

export interface SubjectDraft {
  subject_name: string;
  subject_key: string;
  /** As typed: the domain schema reads the number and states the 0-30 range when it is not one. */
  theory_credits: string;
  practice_credits: string;
  prerequisites: string[];
  semesters: string[];
  careers: string[];
  attributes: Array<{ id: string; knowledge_level: KnowledgeLevel }>;
}

export const emptySubject: SubjectDraft = {
  subject_name: '',
  subject_key: '',
  theory_credits: '',
  practice_credits: '',
  prerequisites: [],
  semesters: [],
  careers: [],
  attributes: [],
};

export function subjectDraftOf(s: Subject): SubjectDraft {
  return {
    subject_name: s.subject_name,
    subject_key: s.subject_key,
    theory_credits: String(s.theory_credits),
    practice_credits: String(s.practice_credits),
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
export function prerequisiteOptions(
  subjects: readonly Subject[],
  exclude: { selfId: number | null; typedKey: string },
): Subject[] {
  const typed = exclude.typedKey.trim().toLowerCase();
  return subjects.filter((s) =>
    exclude.selfId !== null ? s.id !== exclude.selfId : !typed || s.subject_key.trim().toLowerCase() !== typed,
  );
}

export const isLevel = (v: string): v is KnowledgeLevel => (KNOWLEDGE_LEVELS as readonly string[]).includes(v);

/** 'Por favor, llena todos los campos requeridos.' while a required field is blank; other faults show under the fields. */
export function subjectMissingText(d: SubjectDraft): string | null {
  const blank = [d.subject_name, d.subject_key, d.theory_credits, d.practice_credits].some((v) => !v.trim());
  return blank ? SUBJECT_MSG.fillRequired : null;
}

/**
 * The request of a draft, as the spec sends it: prerequisites as ids; careers and attributes only when non-empty; an
 * attribute's career_id only when the attribute has one; credits as numbers (a decimal comma read as a point).
 */
export function subjectRequest(d: SubjectDraft, attributes: readonly Attribute[]): SubjectBody {
  const careerOf = new Map(attributes.map((a) => [a.id, a.career_id]));
  const credits = (v: string) => (v.trim() === '' ? '' : Number(v.trim().replace(',', '.')));
  const body: SubjectBody = {
    subject_name: d.subject_name.trim(),
    subject_key: d.subject_key.trim(),
    theory_credits: credits(d.theory_credits) as number,
    practice_credits: credits(d.practice_credits) as number,
    prerequisites: d.prerequisites.map(Number),
    semesters: d.semesters.map(Number),
  };
  if (d.careers.length) body.careers = d.careers.map(Number);
  if (d.attributes.length) {
    body.attributes = d.attributes.map((a) => {
      const career = careerOf.get(Number(a.id));
      return career
        ? { id: Number(a.id), knowledge_level: a.knowledge_level, career_id: career }
        : { id: Number(a.id), knowledge_level: a.knowledge_level };
    });
  }
  return body;
}

/** Credits as the list shows them: 'T n | P n'. */
export const creditsText = (s: Pick<Subject, 'theory_credits' | 'practice_credits'>) =>
  `T ${s.theory_credits} | P ${s.practice_credits}`;
