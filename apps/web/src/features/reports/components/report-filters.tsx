import { Alert, Button, Card, Group, Select, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  REPORT_MSG,
  ROLE,
  attributeDisplayName,
  compareAttributes,
  type EvidenceQuery,
  type OrderedAttribute,
} from '@egreso/domain';
import { getRole } from '../../../lib/session';
import { useGenerations } from '../../../lib/queries/generations';
import { periodRows, usePeriods } from '../../../lib/queries/periods';
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
  const periods = usePeriods({ every: true }, periodRows);
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

/** An attribute as a filter names it: its code, its name, and whether it is shared (no career). */
export const attributeOptionLabel = (a: OrderedAttribute & { career_id: number | null }) =>
  attributeDisplayName(a.codigo ? `${a.codigo} · ${a.attribute_name}` : a.attribute_name, a.career_id === null);

/**
 * 'Atributo': the attributes in their order (`compareAttributes`: AE1 … AE10, those without a code last), a shared
 * one labelled so; with `allLabel`, a first option (value 'all') stands for every attribute.
 */
export function AttributeSelect({
  attributes,
  value,
  onChange,
  allLabel,
  placeholder,
  clearable = false,
  disabled,
}: ChoiceProps & {
  attributes: ReadonlyArray<OrderedAttribute & { career_id: number | null }>;
  allLabel?: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
}) {
  return (
    <Select
      label="Atributo"
      placeholder={placeholder}
      data={[
        ...(allLabel ? [{ value: 'all', label: allLabel }] : []),
        ...[...attributes]
          .sort(compareAttributes)
          .map((a) => ({ value: String(a.id), label: attributeOptionLabel(a) })),
      ]}
      value={value}
      onChange={onChange}
      allowDeselect={clearable}
      clearable={clearable}
      disabled={disabled}
      searchable
      nothingFoundMessage="Sin coincidencias"
    />
  );
}

/**
 * The card of a report screen's filters: its selects side by side (stacked on a phone) and, when the screen asks
 * before it queries, the buttons under them. Catalogues that fail to load are said above it.
 */
export function FilterCard({
  catalogueError = false,
  printHidden = false,
  cols = { base: 1, sm: 2 },
  actions,
  children,
}: {
  catalogueError?: boolean;
  /** A printable screen leaves its filters off the printout. */
  printHidden?: boolean;
  cols?: SimpleGridProps['cols'];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const print = printHidden ? 'hide' : undefined;
  return (
    <>
      {catalogueError ? (
        <Alert color="red" title="Error" data-print={print}>
          {REPORT_MSG.cataloguesError}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg" data-print={print}>
        <SimpleGrid cols={cols}>{children}</SimpleGrid>
        {actions ? (
          <Group mt="md" gap="sm">
            {actions}
          </Group>
        ) : null}
      </Card>
    </>
  );
}

/**
 * A career and a generation, asked for only once 'Consultar' is pressed: the evidence and the performance indices of
 * a generation. `applied` is the query last asked (null before the first).
 */
export function useGenerationQuery() {
  const { careers, careerId, setCareerId } = useCareerChoice();
  const generations = useGenerations();
  const [generationId, setGenerationId] = useState<string | null>(null);
  const [applied, setApplied] = useState<EvidenceQuery | null>(null);
  const ready = careerId !== null && generationId !== null;
  const consult = () => {
    if (ready) setApplied({ career_id: Number(careerId), generation_id: Number(generationId) });
  };
  return { careers, careerId, setCareerId, generations, generationId, setGenerationId, ready, consult, applied };
}

/** 'Carrera', 'Generación' and 'Consultar' (left off the printout), for a screen of `useGenerationQuery`. */
export function GenerationQueryCard({
  query,
  catalogueError,
}: {
  query: ReturnType<typeof useGenerationQuery>;
  catalogueError?: boolean;
}) {
  return (
    <FilterCard
      catalogueError={catalogueError}
      printHidden
      actions={
        <Button onClick={query.consult} disabled={!query.ready}>
          Consultar
        </Button>
      }
    >
      <CareerSelect careers={query.careers} value={query.careerId} onChange={query.setCareerId} />
      <GenerationSelect generations={query.generations} value={query.generationId} onChange={query.setGenerationId} />
    </FilterCard>
  );
}

/** 'Carrera' and 'Periodo' (the active period chosen at first), for a screen about a career in a period. */
export function CareerPeriodCard({
  career,
  period,
  periodPlaceholder,
}: {
  career: ReturnType<typeof useCareerChoice>;
  period: ReturnType<typeof useActivePeriodChoice>;
  periodPlaceholder?: string;
}) {
  return (
    <FilterCard catalogueError={career.careers.isError || period.periods.isError}>
      <CareerSelect careers={career.careers} value={career.careerId} onChange={career.setCareerId} />
      <PeriodSelect
        periods={period.periods}
        value={period.periodId}
        onChange={period.setPeriodId}
        placeholder={periodPlaceholder}
      />
    </FilterCard>
  );
}
