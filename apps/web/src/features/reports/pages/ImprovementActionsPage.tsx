import { Button, Stack } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog } from '../../../components/ResultDialog';
import { EditActionModal, FollowupModal } from '../components/ImprovementActionModals';
import { ImprovementFilters, ImprovementResults } from '../components/ImprovementPieces';
import { ReportLinks } from '../components/ReportLinks';
import { useImprovementActionsState } from '../components/use-improvement-actions-state';

/**
 * 'Mejora continua' (/ImprovementActions, CACEI 4.4): every improvement action of a career with its finding, expected
 * and measured result, verdict and follow-ups; filtered by generation, attribute, status and period; exported to .xlsx.
 */
export default function ImprovementActionsPage() {
  const s = useImprovementActionsState();
  return (
    <>
      <PageHeader
        title="Mejora continua"
        subtitle="Acciones de mejora por atributo y generación, con su resultado esperado y medido (CACEI 4.4)"
        actions={
          <>
            <ReportLinks to={['/ReportEvidence']} />
            <Button onClick={s.exportFile} loading={s.excel.busy} disabled={!s.actions.data?.length}>
              Exportar Excel
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <ImprovementFilters s={s} />
        <ImprovementResults s={s} />
      </Stack>
      <EditActionModal
        action={s.editing}
        periods={s.options.periodOptions}
        subjects={s.options.subjectOptions}
        onClose={() => s.setEditing(null)}
        onSaved={s.saved}
      />
      <FollowupModal action={s.following} onClose={() => s.setFollowing(null)} onSaved={s.saved} />
      <ConfirmDialog
        {...s.deletion.dialogProps}
        title="Eliminar acción de mejora"
        message="Se eliminará la acción con su seguimiento. ¿Continuar?"
      />
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}
