import { useState } from 'react';
import { LIMITS, PERIOD_MSG, type Period, type PeriodStatus } from '@egreso/domain';
import { errorText } from '../../../lib/errors';
import {
  ACTIVE_PERIOD,
  activePeriodOf,
  periodCount,
  usePeriods,
  type PeriodFilters,
} from '../../../lib/queries/periods';
import { getRole } from '../../../lib/session';
import { useFeedback } from '../../../lib/use-feedback';
import { useFormModal } from '../../../lib/use-form';
import { useServerPaging } from '../../../lib/use-server-paging';
import { useActivatePeriod } from '../api/activate-period';
import { useClosePeriod } from '../api/close-period';
import { useDeletePeriod } from '../api/delete-period';

/** The filters as typed (a draft) or as applied to the list. */
export interface Filters {
  name: string;
  status: PeriodStatus | null;
  active: '1' | '0' | null;
}

const EMPTY: Filters = { name: '', status: null, active: null };

/** A change to a period that waits for its confirmation. */
export type Pending = { kind: 'activate' | 'close' | 'delete'; period: Period };

const SUCCESS: Record<Pending['kind'], string> = {
  activate: 'Periodo activado correctamente.',
  close: 'Periodo cerrado correctamente.',
  delete: 'Periodo eliminado correctamente.',
};
const FAILURE: Record<Pending['kind'], string> = {
  activate: 'No se pudo activar',
  close: 'No se pudo cerrar',
  delete: 'No se pudo eliminar',
};

function toQuery(f: Filters, page: number): PeriodFilters {
  return {
    period_name: f.name.trim() || undefined,
    status: f.status ?? undefined,
    is_active: f.active === null ? undefined : f.active === '1' ? 1 : 0,
    page,
    per_page: LIMITS.periodsPageSize,
  };
}

/**
 * The periods screen's state: the filters (typed, then applied), the page of periods and the four summary cards, the
 * form and group policy modals, and the activation, closing or deletion waiting for its confirmation.
 */
export function usePeriodsState() {
  const role = getRole();
  const canSeePolicy = role === 0 || role === 99;
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const form = useFormModal<Period>();
  const [policyOpen, setPolicyOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const feedback = useFeedback();

  const periods = usePeriods(toQuery(applied, page));
  // The four cards: GET /periods with per_page=1, alone and with the status and is_active filters.
  const summary = [
    usePeriods({ per_page: 1 }, periodCount),
    usePeriods({ per_page: 1, status: 'published' }, periodCount),
    usePeriods({ per_page: 1, status: 'closed' }, periodCount),
  ];
  const active = usePeriods(ACTIVE_PERIOD, activePeriodOf);
  const activate = useActivatePeriod();
  const close = useClosePeriod();
  const remove = useDeletePeriod();
  const busy = activate.isPending || close.isPending || remove.isPending;

  const paging = useServerPaging({
    meta: periods.data?.meta,
    page,
    setPage,
    fetching: periods.isFetching,
    noun: ['periodo', 'periodos'],
  });

  const apply = () => {
    setApplied(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };
  const askActivate = (p: Period) => {
    if (p.status === 'closed') {
      feedback.error(PERIOD_MSG.activateClosed);
      return;
    }
    setPending({ kind: 'activate', period: p });
  };

  const runPending = async () => {
    if (!pending) return;
    const { kind, period } = pending;
    try {
      if (kind === 'activate') await activate.mutateAsync(period.id);
      else if (kind === 'close') await close.mutateAsync(period.id);
      else await remove.mutateAsync(period.id);
      setPending(null);
      feedback.success(SUCCESS[kind]);
    } catch (err) {
      setPending(null);
      feedback.error(errorText(FAILURE[kind], err));
    }
  };

  return {
    canSeePolicy,
    draft,
    setDraft,
    apply,
    clear,
    filtersActive: applied.name.trim() !== '' || applied.status !== null || applied.active !== null,
    filtersOpen,
    toggleFilters: () => setFiltersOpen((o) => !o),
    periods,
    paging,
    /** The counts of every, published and closed periods, and the active period. */
    counts: summary.map((q) => q.data),
    activePeriod: active.data,
    cardsFailed: [...summary, active].some((q) => q.isError),
    /** What a row's buttons do. */
    handlers: {
      onEdit: (p: Period) => form.open(p),
      onActivate: askActivate,
      onClose: (p: Period) => setPending({ kind: 'close', period: p }),
      onDelete: (p: Period) => setPending({ kind: 'delete', period: p }),
    },
    form,
    saved: () => {
      feedback.success(form.editing ? 'Periodo actualizado correctamente.' : 'Periodo registrado correctamente.');
      form.close();
    },
    policy: { open: policyOpen, show: () => setPolicyOpen(true), hide: () => setPolicyOpen(false) },
    pending,
    busy,
    runPending,
    cancelPending: () => setPending(null),
    feedback,
  };
}
