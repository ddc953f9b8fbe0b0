import { Title } from '@mantine/core';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { NewAssignmentCard, ProfessorAssignmentList } from '../components/AssignmentPieces';
import { EditAssignmentsModal } from '../components/EditAssignmentsModal';
import { useAssignmentsState } from '../components/use-assignments-state';

export default function AssignmentsPage() {
  const s = useAssignmentsState();
  return (
    <>
      <PageHeader title="Asignación de materias" subtitle={s.periodLine} />
      <NewAssignmentCard s={s} />

      <Title order={3} size="h4" mb="sm">
        Asignaciones por profesor
      </Title>
      <ListStates
        loading={s.assignments.isPending}
        error={s.assignments.isError ? 'Error cargando asignaciones. ¿Estás autenticado?' : null}
        empty={s.perProfessor.length === 0}
        emptyText="No hay asignaciones registradas."
      >
        <ProfessorAssignmentList perProfessor={s.perProfessor} onEdit={s.setEditing} onDelete={s.deletion.ask} />
      </ListStates>

      <EditAssignmentsModal
        professor={s.editing}
        groups={s.groupList}
        subjects={s.subjectList}
        links={s.linkList}
        saving={s.savingEdit}
        onCancel={() => s.setEditing(null)}
        onSave={s.saveEdit}
      />
      <DeleteDialog
        deletion={s.deletion}
        title="Eliminar asignaciones"
        question="¿Estás seguro que deseas eliminar TODAS las asignaciones de este profesor?"
        name={(p) => p.fullName}
        confirmLabel="Sí, eliminar"
      />
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}
