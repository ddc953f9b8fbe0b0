import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ACTIVITY_MSG, type Activity } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText, serverMessage } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteActivity } from '../api/delete-activity';
import { useAssignmentActivities } from '../api/get-activities';
import { useSubjectAttributes } from '../api/get-subject-attributes';
import { useSaveActivities } from '../api/save-activities';
import { assignmentLabel, useTeacherAssignment } from '../api/use-teacher-assignment';
import { ActivityMatrix } from '../components/ActivityMatrix';
import { newActivityRow, rowFromActivity, rowsToInput, type ActivityRow } from '../components/activity-rows';
import { TeacherCareerSelect } from '../../../components/TeacherCareerSelect';

type Banner = 'saved' | 'deleted' | null;

/** /CreateActivity: the activity × attribute matrix of one of the teacher's assignments. */
export default function ActivitiesPage() {
  const isMobile = useIsMobile();
  const selection = useTeacherAssignment();
  const { assignment } = selection;
  const activities = useAssignmentActivities(assignment?.id ?? null);
  const attributes = useSubjectAttributes(assignment?.subject.id ?? null);
  const save = useSaveActivities();
  const remove = useDeleteActivity();
  const feedback = useFeedback();

  const [rows, setRows] = useState<ActivityRow[]>([]);
  // The table follows the server's list whenever it arrives (after loading, saving or deleting).
  const [shownData, setShownData] = useState<Activity[] | undefined>(undefined);
  if (activities.data !== shownData) {
    setShownData(activities.data);
    setRows((activities.data ?? []).map(rowFromActivity));
  }
  const [locked, setLocked] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [confirmSave, setConfirmSave] = useState(false);
  const [deleting, setDeleting] = useState<ActivityRow | null>(null);
  const [warningDismissed, setWarningDismissed] = useState<number | null>(null);

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), 4000);
    return () => clearTimeout(t);
  }, [banner]);

  const change = (key: string, patch: Partial<ActivityRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => setRows((rs) => [...rs, newActivityRow()]);

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

  const assignments = selection.assignments.data ?? [];
  const subjectName = assignment?.subject.subject_name ?? '';
  const showWarning = selection.noSubjects && warningDismissed !== selection.careerId;

  return (
    <>
      <PageHeader
        title="Actividades"
        subtitle="Evidencias de aprendizaje de tus materias, vinculadas a los atributos de egreso."
      />
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        <TeacherCareerSelect selection={selection} w={isMobile ? '100%' : 280} />
        <Select
          label="Materia"
          placeholder={
            assignments.length
              ? 'Selecciona una materia'
              : selection.noSubjects
                ? 'No hay materias asignadas.'
                : 'Cargando...'
          }
          data={selection.subjects.map((a) => ({ value: String(a.id), label: assignmentLabel(a) }))}
          value={assignment ? String(assignment.id) : null}
          onChange={(v) => selection.setAssignmentId(v ? Number(v) : null)}
          allowDeselect={false}
          w={isMobile ? '100%' : 420}
          disabled={!assignments.length}
        />
        {/* The group in a field of its own, as on /Ratings: a phone cuts the subject's label before it. */}
        <Select
          label="Grupo"
          placeholder={assignment && !selection.groups.length ? 'Sin grupo' : 'Selecciona un grupo'}
          data={selection.groups.map((a) => ({ value: String(a.id), label: a.group!.group_name }))}
          value={assignment?.group ? String(assignment.id) : null}
          onChange={(v) => selection.setAssignmentId(v ? Number(v) : null)}
          allowDeselect={false}
          disabled={!selection.groups.length}
          w={isMobile ? '100%' : 160}
        />
        {assignment ? (
          <Switch
            label={locked ? 'Edición bloqueada' : 'Edición habilitada'}
            checked={!locked}
            onChange={(e) => setLocked(!e.currentTarget.checked)}
            mb={8}
          />
        ) : null}
      </Group>

      {banner ? (
        <Alert
          color="green"
          mb="md"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setBanner(null)}
          title={banner === 'saved' ? 'Cambios guardados' : 'Actividad eliminada'}
        >
          {banner === 'saved' ? ACTIVITY_MSG.saved : ACTIVITY_MSG.deleted}
        </Alert>
      ) : null}
      {save.isPending ? (
        <Text role="status" mb="sm" c="dimmed">
          Guardando cambios...
        </Text>
      ) : null}

      {assignment ? (
        <Stack gap="md" pb={isMobile ? 80 : 0}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            Matriz de Evidencias de Aprendizaje por Atributo - {subjectName}
          </Title>
          <ListStates
            loading={activities.isPending || attributes.isPending}
            error={activities.isError ? errorText('No se pudieron cargar las actividades', activities.error) : null}
            empty={false}
            emptyText=""
          >
            {rows.length === 0 ? <Text c="dimmed">Esta materia no tiene actividades. Agrega la primera.</Text> : null}
            <ActivityMatrix
              rows={rows}
              attributes={attributes.data ?? []}
              locked={locked}
              isMobile={isMobile}
              onChange={change}
              onDelete={setDeleting}
              onAdd={add}
            />
            <Group justify="flex-end" gap="sm">
              {!isMobile ? (
                <Button variant="default" onClick={add} disabled={locked}>
                  Agregar actividad
                </Button>
              ) : null}
              <Button onClick={() => setConfirmSave(true)} disabled={locked} loading={save.isPending}>
                Guardar todo
              </Button>
            </Group>
          </ListStates>
        </Stack>
      ) : selection.careerId !== null && assignments.length ? (
        <Text c="dimmed">Selecciona una materia para ver su matriz de evidencias.</Text>
      ) : null}

      <ConfirmDialog
        opened={confirmSave}
        title="Guardar actividades"
        message="Se crearán o actualizarán todas las actividades de la tabla. ¿Deseas continuar?"
        confirmLabel="Guardar"
        loading={save.isPending}
        onConfirm={doSave}
        onCancel={() => setConfirmSave(false)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar actividad"
        danger
        message={`¿Eliminar la actividad "${deleting?.activity_name.trim() || 'sin nombre'}"? Esta acción no se puede deshacer.`}
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onConfirm={doDelete}
        onCancel={() => setDeleting(null)}
      />
      <Modal
        opened={showWarning}
        onClose={() => setWarningDismissed(selection.careerId)}
        title="Sin materias asignadas"
        centered
      >
        <Text size="sm">{ACTIVITY_MSG.noSubjectInCareer}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => setWarningDismissed(selection.careerId)}>Entendido</Button>
        </Group>
      </Modal>
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
