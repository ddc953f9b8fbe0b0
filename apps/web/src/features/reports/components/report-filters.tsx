import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ROLE } from '@egreso/domain';
import { getRole } from '../../../lib/session';
import { useGenerations } from '../../generations/api/get-generations';
import { useAllPeriods } from '../../periods/api/get-all-periods';
import { useTargetCareers } from '../api/get-my-careers';

/*
 * The filters the chief's report screens share: the careers a user may report on (a chief's own, every career for an
 * administrator), chosen for them when there is only one; the periods with the active one chosen; the generations.
 */

/** The careers the user may report on and the chosen one ('Carrera'); a single career is chosen for the user. */
export function useCareerChoice() {
  const isAdmin = getRole() === ROLE.ADMIN;
  const careers = useTargetCareers(isAdmin);
  const [careerId, setCareerId] = useState<string | null>(null);
  useEffect(() => {
    if (careerId === null && careers.data?.length === 1) setCareerId(String(careers.data[0]!.id));
  }, [careers.data, careerId]);
  return { isAdmin, careers, careerId, setCareerId };
}

/** The periods and the chosen one ('Periodo'); the active period is chosen for the user. */
export function useActivePeriodChoice() {
  const periods = useAllPeriods();
  const [periodId, setPeriodId] = useState<string | null>(null);
  useEffect(() => {
    const active = periods.data?.find((p) => p.is_active);
    if (periodId === null && active) setPeriodId(String(active.id));
  }, [periods.data, periodId]);
  return { periods, periodId, setPeriodId };
}

interface ChoiceProps {
  value: string | null;
  onChange: (value: string | null) => void;
}

/** 'Carrera'; with `allLabel`, a first option (value 'all') stands for every career of the list. */
export function CareerSelect({
  careers,
  value,
  onChange,
  allLabel,
}: ChoiceProps & {
  careers: ReturnType<typeof useCareerChoice>['careers'];
  allLabel?: string;
}) {
  return (
    <Select
      label="Carrera"
      placeholder="Selecciona una carrera"
      data={[
        ...(allLabel ? [{ value: 'all', label: allLabel }] : []),
        ...(careers.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin coincidencias"
    />
  );
}

export function PeriodSelect({
  periods,
  value,
  onChange,
  placeholder = 'Selecciona un periodo',
}: ChoiceProps & {
  periods: ReturnType<typeof useActivePeriodChoice>['periods'];
  placeholder?: string;
}) {
  return (
    <Select
      label="Periodo"
      placeholder={placeholder}
      data={(periods.data ?? []).map((p) => ({ value: String(p.id), label: p.period_name }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
    />
  );
}

/** 'Generación', by name (YYYY-YYYY); the division report lets it be cleared, the evidence does not. */
export function GenerationSelect({
  generations,
  value,
  onChange,
  allowDeselect = false,
  placeholder = 'Selecciona una generación',
}: ChoiceProps & {
  generations: ReturnType<typeof useGenerations>;
  allowDeselect?: boolean;
  placeholder?: string;
}) {
  return (
    <Select
      label="Generación"
      placeholder={placeholder}
      data={(generations.data ?? []).map((g) => ({ value: String(g.id), label: g.generation_name }))}
      value={value}
      onChange={onChange}
      allowDeselect={allowDeselect}
      searchable
      nothingFoundMessage="Sin coincidencias"
    />
  );
}
