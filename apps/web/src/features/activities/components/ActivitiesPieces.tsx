import { Alert, Button, Group, Modal, Select, Switch, Text } from '@mantine/core';
import { ACTIVITY_MSG } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ResultDialog } from '../../../components/ResultDialog';
import { TeacherCareerSelect } from '../../../components/TeacherCareerSelect';
import { assignmentLabel } from '../../../lib/use-teacher-assignment';
import { deleteActivityMessage, type ActivitiesState } from './use-activities-state';

/** Career, subject and group of the matrix, and the edit lock once an assignment is chosen. */
export function ActivitiesFilters({ s, isMobile }: { s: ActivitiesState; isMobile: boolean }) {
  const { selection, assignment } = s;
  const assignments = selection.assignments.data ?? [];
  return (
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
          label={s.locked ? 'Edición bloqueada' : 'Edición habilitada'}
          checked={!s.locked}
          onChange={(e) => s.setLocked(!e.currentTarget.checked)}
          mb={8}
        />
      ) : null}
    </Group>
  );
}

/** The notice after a save or a delete, and the line saying a save is under way. */
export function ActivitiesNotices({ s }: { s: ActivitiesState }) {
  return (
    <>
      {s.banner ? (
        <Alert
          color="green"
          mb="md"
          role="status"
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={s.closeBanner}
          title={s.banner === 'saved' ? 'Cambios guardados' : 'Actividad eliminada'}
        >
          {s.banner === 'saved' ? ACTIVITY_MSG.saved : ACTIVITY_MSG.deleted}
        </Alert>
      ) : null}
      {s.saving ? (
        <Text role="status" mb="sm" c="dimmed">
          Guardando cambios...
        </Text>
      ) : null}
    </>
  );
}

/** The save and delete confirmations, the no-subjects warning and the result dialog. */
export function ActivitiesDialogs({ s }: { s: ActivitiesState }) {
  return (
    <>
      <ConfirmDialog
        opened={s.confirmSave}
        title="Guardar actividades"
        message="Se crearán o actualizarán todas las actividades de la tabla. ¿Deseas continuar?"
        confirmLabel="Guardar"
        loading={s.saving}
        onConfirm={s.doSave}
        onCancel={() => s.setConfirmSave(false)}
      />
      <ConfirmDialog
        opened={s.deleting !== null}
        title="Eliminar actividad"
        danger
        message={deleteActivityMessage(s.deleting)}
        confirmLabel="Eliminar"
        loading={s.removing}
        onConfirm={s.doDelete}
        onCancel={() => s.setDeleting(null)}
      />
      <Modal opened={s.showWarning} onClose={s.dismissWarning} title="Sin materias asignadas" centered>
        <Text size="sm">{ACTIVITY_MSG.noSubjectInCareer}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={s.dismissWarning}>Entendido</Button>
        </Group>
      </Modal>
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}
