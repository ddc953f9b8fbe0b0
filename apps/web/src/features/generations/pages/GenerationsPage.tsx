import { Button, Card, Group, SimpleGrid } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Generation } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/DateField';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { StatCard } from '../../../components/StatCard';
import { formatDate } from '../../../lib/dates';
import { useCatalogueModalPage } from '../../../lib/use-catalogue-page';
import { useDeleteGeneration } from '../api/delete-generation';
import { useGenerations } from '../../../lib/queries/generations';
import { fetchSuggestedGeneration } from '../api/get-suggested-generation';
import { GenerationFormModal, type GenerationDraft } from '../components/GenerationFormModal';
import { filterGenerations } from '../components/generation-filter';

export default function GenerationsPage() {
  const generations = useGenerations();
  const remove = useDeleteGeneration();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [initial, setInitial] = useState<GenerationDraft | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const { form, deletion, feedback, saved } = useCatalogueModalPage({
    remove: (g: Generation) => remove.mutateAsync(g.id),
    messages: {
      registered: 'Generación registrada correctamente.',
      updated: 'Generación actualizada correctamente.',
      deleted: 'Generación eliminada correctamente.',
      deleteError: 'No se pudo eliminar',
    },
  });

  const shown = useMemo(() => filterGenerations(generations.data ?? [], from, to), [generations.data, from, to]);

  const openNew = (draft: GenerationDraft | null) => {
    setInitial(draft);
    form.open(null);
  };
  const openEdit = (g: Generation) => {
    setInitial(null);
    form.open(g);
  };

  const suggest = async () => {
    setSuggesting(true);
    try {
      const s = await fetchSuggestedGeneration();
      openNew({ start_date: s.suggested ?? s.start_date, end_date: s.end_date });
    } catch {
      feedback.error('No se pudo sugerir la siguiente generación');
    } finally {
      setSuggesting(false);
    }
  };

  const columns: Column<Generation>[] = [
    {
      key: 'name',
      header: 'Generación',
      cell: (g) => g.generation_name,
      cardCell: (g) => `Generación ${g.generation_name}`,
      card: 'title',
    },
    { key: 'start', header: 'Inicio', cell: (g) => formatDate(g.start_date) },
    { key: 'end', header: 'Fin', cell: (g) => formatDate(g.end_date) },
  ];

  const first = shown[0];
  const last = shown[shown.length - 1];
  return (
    <>
      <PageHeader
        title="Gestionar generaciones"
        subtitle="Cada generación dura 9 semestres (54 meses) desde su fecha de inicio."
        actions={
          <>
            <Button variant="light" onClick={suggest} loading={suggesting}>
              Sugerir siguiente
            </Button>
            <Button onClick={() => openNew(null)}>+ Nueva generación</Button>
          </>
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="lg">
        <StatCard label="Total de generaciones" value={generations.data ? shown.length : '-'} />
        <StatCard label="Primer inicio" value={first ? formatDate(first.start_date) : '-'} />
        <StatCard label="Último inicio" value={last ? formatDate(last.start_date) : '-'} />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateField label="Desde" value={from} onChange={setFrom} style={{ flex: '1 1 150px' }} />
          <DateField label="Hasta" value={to} onChange={setTo} style={{ flex: '1 1 150px' }} />
          <Button
            variant="default"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
            disabled={!from && !to}
          >
            Limpiar
          </Button>
        </Group>
      </Card>

      <ResponsiveTable
        rows={generations.data ? shown : undefined}
        columns={columns}
        rowActions={{ name: (g) => g.generation_name, onEdit: openEdit, onDelete: deletion.ask, width: 190 }}
        rowKey={(g) => g.id}
        label="Generaciones"
        loading={generations.isPending}
        error={generations.isError ? 'Error al cargar generaciones' : null}
        emptyText={from || to ? 'No hay generaciones en ese rango de fechas.' : 'No hay generaciones registradas.'}
      />

      <GenerationFormModal
        opened={form.opened}
        generation={form.editing}
        initial={initial}
        onClose={form.close}
        onSaved={saved}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar generación"
        message={deletion.target ? `¿Eliminar la generación ${deletion.target.generation_name}?` : ''}
      />
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
