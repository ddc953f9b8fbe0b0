import { useMemo, useState } from 'react';
import { ENROLMENT_MSG, TIMINGS, type AvailableSubject } from '@egreso/domain';
import { ApiError } from '../../../lib/api';
import { useStudentId } from '../../../lib/student-id';
import { useFeedback } from '../../../lib/use-feedback';
import { useAvailableSubjects, useEnrolSubjects, useStudentGroups } from '../api/student-enrolment';
import { SELECTION_TEXT } from '../selection-text';

/** The confirmation's text: how many subjects, and which. */
export function confirmText(chosen: readonly AvailableSubject[]): string {
  const count = chosen.length === 1 ? '1 materia' : `${chosen.length} materias`;
  return `Te inscribirás en ${count}: ${chosen.map((s) => s.subject_name).join(', ')}. ¿Deseas continuar?`;
}

/**
 * The state of /Selection: the chosen group, the ticked subjects (only those neither enrolled nor blocked are ever
 * sent, spec §5), the confirmation and the enrolment with its report.
 */
export function useSelectionState() {
  const userId = useStudentId();
  const groups = useStudentGroups(userId);
  const [groupId, setGroupId] = useState<string | null>(null);
  const group = groups.data?.find((g) => String(g.id) === groupId) ?? null;
  const subjects = useAvailableSubjects(userId, group);
  const enrol = useEnrolSubjects();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // The spec's times: a success or a check made here closes after 1.6 s, a server's refusal after 2.2 s.
  const feedback = useFeedback(TIMINGS.successToast, TIMINGS.successToast);

  const selectable = useMemo(() => (subjects.data ?? []).filter((s) => !s.inscrita && !s.bloqueada), [subjects.data]);
  const chosen = selectable.filter((s) => picked.has(s.id));

  const toggle = (id: number, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onConfirm = () => {
    setConfirming(false);
    if (!group?.semester_id) return;
    const requests = chosen.map((s) => ({
      user_id: userId,
      subject_id: s.id,
      semester_id: group.semester_id!,
      group_id: group.id,
    }));
    enrol.mutate(requests, {
      onSuccess: () => {
        setPicked(new Set());
        feedback.success(ENROLMENT_MSG.saved);
      },
      onError: (err) =>
        feedback.error(
          err instanceof ApiError && err.status === 409 && err.message ? err.message : SELECTION_TEXT.saveError,
          TIMINGS.errorToast,
        ),
    });
  };

  return {
    groups,
    groupId,
    group,
    subjects,
    picked,
    chosen,
    toggle,
    confirming,
    feedback,
    saving: enrol.isPending,
    loadError: groups.error || subjects.error ? SELECTION_TEXT.loadError : null,
    chooseGroup: (v: string | null) => {
      setGroupId(v);
      setPicked(new Set());
    },
    onSave: () => {
      if (!group || chosen.length === 0) {
        feedback.error(SELECTION_TEXT.required);
        return;
      }
      setConfirming(true);
    },
    onConfirm,
    cancelConfirm: () => setConfirming(false),
  };
}

export type SelectionState = ReturnType<typeof useSelectionState>;
