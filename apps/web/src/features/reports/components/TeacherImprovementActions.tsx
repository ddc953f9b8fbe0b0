import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ImprovementAction } from '@egreso/domain';
import { ResultDialog } from '../../../components/ResultDialog';
import { errorText } from '../../../lib/errors';
import { useFeedback } from '../../../lib/use-feedback';
import { useImprovementActions } from '../api/get-improvement-actions';
import { FollowupModal } from './ImprovementActionModals';
import { ImprovementActionList } from './ImprovementActionList';

const ALL = {};

/** The teacher's dashboard section: the improvement actions on their subjects, each with 'Registrar seguimiento'. */
export function TeacherImprovementActions() {
  const actions = useImprovementActions(ALL);
  const [following, setFollowing] = useState<ImprovementAction | null>(null);
  const feedback = useFeedback();
  if (actions.isPending || (actions.data && actions.data.length === 0)) return null;
  return (
    <Stack gap="sm" mt="xl" component="section" aria-label="Acciones de mejora en mis materias">
      <Title order={3}>Acciones de mejora en mis materias</Title>
      <Text size="sm" c="dimmed">
        Registra lo que hiciste en cada acción; el jefe de división confirma el resultado.
      </Text>
      {actions.isError ? (
        <Alert color="red" title="Error">
          {errorText('No se pudieron cargar las acciones de mejora', actions.error)}
        </Alert>
      ) : null}
      {actions.data ? <ImprovementActionList actions={actions.data} showContext onFollowup={setFollowing} /> : null}
      <FollowupModal
        action={following}
        onClose={() => setFollowing(null)}
        onSaved={(message) => {
          setFollowing(null);
          feedback.success(message);
        }}
      />
      <ResultDialog {...feedback.dialogProps} />
    </Stack>
  );
}
