import { Alert, Button } from '@mantine/core';
import { CreateFab } from '../../../components/CreateFab';
import { FilterPanel } from '../../../components/FilterPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { GroupPolicyModal } from '../components/GroupPolicyModal';
import { PeriodFormModal } from '../components/PeriodFormModal';
import { PeriodConfirmDialog, PeriodFilterForm, PeriodSummaryCards, periodColumns } from '../components/PeriodsPieces';
import { usePeriodsState } from '../components/use-periods-state';

export default function PeriodsPage() {
  const isMobile = useIsMobile();
  const s = usePeriodsState();
  const { form, periods, filtersActive } = s;

  return (
    <>
      <PageHeader
        title="Gestionar periodos"
        subtitle="Periodos académicos: solo uno puede estar activo a la vez."
        actions={
          <>
            {s.canSeePolicy ? (
              <Button variant="light" onClick={s.policy.show}>
                Política de grupos
              </Button>
            ) : null}
            {isMobile ? null : <Button onClick={() => form.open(null)}>Nuevo periodo</Button>}
          </>
        }
      />

      <PeriodSummaryCards counts={s.counts} active={s.activePeriod} />

      <FilterPanel active={filtersActive} open={s.filtersOpen} onToggle={s.toggleFilters}>
        <PeriodFilterForm draft={s.draft} setDraft={s.setDraft} apply={s.apply} clear={s.clear} />
      </FilterPanel>

      {s.cardsFailed && !periods.isError ? (
        <Alert color="red" mb="md">
          Error al cargar periodos
        </Alert>
      ) : null}
      <ResponsiveTable
        rows={periods.data?.data}
        columns={periodColumns(isMobile, s.handlers)}
        rowKey={(p) => p.id}
        label="Periodos"
        minWidth={900}
        loading={periods.isPending}
        error={periods.isError ? 'Error al cargar periodos' : null}
        emptyText={filtersActive ? 'No hay periodos que coincidan con los filtros.' : 'No hay periodos registrados.'}
        paging={s.paging}
      />
      {/* The floating button would cover Aplicar while the filters are open. */}
      <CreateFab label="Nuevo periodo" onClick={() => form.open(null)} hidden={s.filtersOpen} />

      <PeriodFormModal opened={form.opened} period={form.editing} onClose={form.close} onSaved={s.saved} />
      {s.canSeePolicy ? <GroupPolicyModal opened={s.policy.open} onClose={s.policy.hide} /> : null}
      <PeriodConfirmDialog pending={s.pending} busy={s.busy} onConfirm={s.runPending} onCancel={s.cancelPending} />
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}
