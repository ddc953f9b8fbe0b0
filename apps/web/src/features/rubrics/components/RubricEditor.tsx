import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { RUBRIC_MSG } from '@egreso/domain';
import { PageLoader } from '../../../components/PageLoader';
import { errorText } from '../../../lib/errors';
import { AttributeSection } from './AttributeSection';
import { RubricDialogs } from './RubricDialogs';
import { useRubricEditorState } from './use-rubric-editor-state';

/**
 * The rubric of one assignment: loaded, or created on the spot when the server answers 403 or 404, then edited
 * attribute by attribute; every save goes through 'Confirmación' and reports in a dialog (success closes in 1.4 s).
 */
export function RubricEditor({ assignmentId }: { assignmentId: number }) {
  const s = useRubricEditorState(assignmentId);

  if (s.phase === 'createFailed') {
    return (
      <Alert color="red" role="alert">
        {errorText(RUBRIC_MSG.createFailed, s.createError)}
      </Alert>
    );
  }
  if (s.phase === 'creating') return <PageLoader text={RUBRIC_MSG.creating} />;
  if (s.phase === 'loadFailed')
    return (
      <Alert color="red" role="alert">
        {RUBRIC_MSG.loadFailed}
      </Alert>
    );
  if (s.phase === 'loading' || !s.tree) return <PageLoader />;
  const tree = s.tree;

  return (
    <Stack gap="md">
      <Group gap="sm" data-print="hide">
        <Button variant="light" onClick={() => s.setCopying(true)}>
          Copiar de otra asignación
        </Button>
        <Button variant="light" onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button variant="light" onClick={() => void s.download()}>
          Exportar Excel
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Grupo {tree.group_name ?? 'sin grupo'} · {tree.period_name ?? 'Sin periodo'} · Profesor(a): {tree.teacher_name}
      </Text>
      {tree.atributos.length === 0 ? (
        <Alert color="yellow">Esta materia no tiene atributos de egreso asignados.</Alert>
      ) : null}
      {tree.atributos.map((a) => (
        <AttributeSection key={a.id} attribute={a} scales={s.scales} actions={s.actions} />
      ))}
      <RubricDialogs s={s} assignmentId={assignmentId} />
    </Stack>
  );
}
