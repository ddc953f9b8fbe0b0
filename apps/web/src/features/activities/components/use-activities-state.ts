import { useEffect, useState } from 'react';
import { ACTIVITY_MSG, type Activity } from '@egreso/domain';
import { errorText, serverMessage } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useDeleteActivity } from '../api/delete-activity';
import { useAssignmentActivities } from '../api/get-activities';
import { useSubjectAttributes } from '../../../lib/queries/subject-attributes';
import { useSaveActivities } from '../api/save-activities';
import { useTeacherAssignment } from '../../../lib/use-teacher-assignment';
import { newActivityRow, rowFromActivity, rowsToInput, type ActivityRow } from './activity-rows';

/** The green notice after a save or a delete; it goes by itself after 4 s. */
export type ActivitiesBanner = 'saved' | 'deleted' | null;

/** The confirmation text of deleting a row. */
export function deleteActivityMessage(row: ActivityRow | null): string {
  return `¿Eliminar la actividad "${row?.activity_name.trim() || 'sin nombre'}"? Esta acción no se puede deshacer.`;
}

/** The rows as edited: they follow the server's list whenever it arrives (after loading, saving or deleting). */
function useActivityRows(data: Activity[] | undefined) {
  const [rows, setRows] = useState<ActivityRow[]>([]);
  const [shownData, setShownData] = useState<Activity[] | undefined>(undefined);
  if (data !== shownData) {
    setShownData(data);
    setRows((data ?? []).map(rowFromActivity));
  }
  return {
    rows,
    setRows,
    change: (key: string, patch: Partial<ActivityRow>) =>
      setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r))),
    add: () => setRows((rs) => [...rs, newActivityRow()]),
  };
}

function useBanner() {
  const [banner, setBanner] = useState<ActivitiesBanner>(null);
  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), 4000);
    return () => clearTimeout(t);
  }, [banner]);
  return [banner, setBanner] as const;
}

/**
 * The state of /CreateActivity: the chosen assignment, its activities as editable rows, the lock, the notices, and the
 * bulk save and the delete, each behind its confirmation.
 */
export function useActivitiesState() {
  const selection = useTeacherAssignment();
  const { assignment } = selection;
  const activities = useAssignmentActivities(assignment?.id ?? null);
  const attributes = useSubjectAttributes(assignment?.subject.id ?? null);
  const save = useSaveActivities();
  const remove = useDeleteActivity();
  const feedback = useFeedback();
  const { rows, setRows, change, add } = useActivityRows(activities.data);
  const [locked, setLocked] = useState(false);
  const [banner, setBanner] = useBanner();
  const [confirmSave, setConfirmSave] = useState(false);
  const [deleting, setDeleting] = useState<ActivityRow | null>(null);
  const [warningDismissed, setWarningDismissed] = useState<number | null>(null);

  const doSave = () => {
    if (!assignment) return;
    save.mutate(
      { professor_subject_id: assignment.id, activities: rowsToInput(rows) },
      {
        onSuccess: (res) => {
          setConfirmSave(false);
          setBanner('saved');
          feedback.success(res.message);
        },
        onError: (err) => {
          setConfirmSave(false);
          // The spec: the server's message, or 'Error al guardar actividades' when it gave none (never both).
          feedback.error(serverMessage(err) ?? ACTIVITY_MSG.saveError);
        },
      },
    );
  };

  const doDelete = () => {
    const row = deleting;
    if (!row) return;
    if (row.id === null) {
      // Not saved yet: it only leaves the table.
      setRows((rs) => rs.filter((r) => r.key !== row.key));
      setDeleting(null);
      return;
    }
    remove.mutate(row.id, {
      onSuccess: () => {
        setDeleting(null);
        setBanner('deleted');
      },
      onError: (err) => {
        setDeleting(null);
        feedback.error(errorText(ACTIVITY_MSG.deleteError, err));
      },
    });
  };

  return {
    selection,
    assignment,
    activities,
    attributes: attributes.data ?? [],
    loading: activities.isPending || attributes.isPending,
    loadError: activities.isError ? errorText('No se pudieron cargar las actividades', activities.error) : null,
    rows,
    change,
    add,
    locked,
    setLocked,
    banner,
    closeBanner: () => setBanner(null),
    saving: save.isPending,
    removing: remove.isPending,
    confirmSave,
    setConfirmSave,
    doSave,
    deleting,
    setDeleting,
    doDelete,
    showWarning: selection.noSubjects && warningDismissed !== selection.careerId,
    dismissWarning: () => setWarningDismissed(selection.careerId),
    feedback,
  };
}

export type ActivitiesState = ReturnType<typeof useActivitiesState>;
