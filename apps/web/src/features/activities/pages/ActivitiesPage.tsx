import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { ActivitiesDialogs, ActivitiesFilters, ActivitiesNotices } from '../components/ActivitiesPieces';
import { ActivityMatrix } from '../components/ActivityMatrix';
import { useActivitiesState } from '../components/use-activities-state';

/** /CreateActivity: the activity × attribute matrix of one of the teacher's assignments. */
export default function ActivitiesPage() {
  const isMobile = useIsMobile();
  const s = useActivitiesState();
  const { assignment, selection } = s;
  const assignments = selection.assignments.data ?? [];

  return (
    <>
      <PageHeader
        title="Actividades"
        subtitle="Evidencias de aprendizaje de tus materias, vinculadas a los atributos de egreso."
      />
      <ActivitiesFilters s={s} isMobile={isMobile} />
      <ActivitiesNotices s={s} />

      {assignment ? (
        <Stack gap="md" pb={isMobile ? 80 : 0}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            Matriz de Evidencias de Aprendizaje por Atributo - {assignment.subject.subject_name}
          </Title>
          <ListStates loading={s.loading} error={s.loadError} empty={false} emptyText="">
            {s.rows.length === 0 ? <Text c="dimmed">Esta materia no tiene actividades. Agrega la primera.</Text> : null}
            <ActivityMatrix
              rows={s.rows}
              attributes={s.attributes}
              locked={s.locked}
              isMobile={isMobile}
              onChange={s.change}
              onDelete={s.setDeleting}
              onAdd={s.add}
            />
            <Group justify="flex-end" gap="sm">
              {!isMobile ? (
                <Button variant="default" onClick={s.add} disabled={s.locked}>
                  Agregar actividad
                </Button>
              ) : null}
              <Button onClick={() => s.setConfirmSave(true)} disabled={s.locked} loading={s.saving}>
                Guardar todo
              </Button>
            </Group>
          </ListStates>
        </Stack>
      ) : selection.careerId !== null && assignments.length ? (
        <Text c="dimmed">Selecciona una materia para ver su matriz de evidencias.</Text>
      ) : null}

      <ActivitiesDialogs s={s} />
    </>
  );
}
