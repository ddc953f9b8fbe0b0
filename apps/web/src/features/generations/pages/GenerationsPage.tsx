import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Generation } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { formatDate } from '../../../lib/dates';
import { withReason } from '../../../lib/form-errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useFormModal } from '../../../lib/use-form-modal';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteGeneration } from '../api/delete-generation';
import { useGenerations } from '../api/get-generations';
import { fetchSuggestedGeneration } from '../api/get-suggested-generation';
import { GenerationFormModal, type GenerationDraft } from '../components/GenerationFormModal';
import { StatCard } from '../../../components/StatCard';
import { filterGenerations } from '../components/generation-filter';

export default function GenerationsPage() {
  const generations = useGenerations();
  const remove = useDeleteGeneration();
  const isMobile = useIsMobile();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const form = useFormModal<Generation>();
  const [initial, setInitial] = useState<GenerationDraft | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const deletion = useConfirmDelete(
    (g: Generation) => remove.mutateAsync(g.id),
    (err) => setResult({ kind: 'error', message: withReason('No se pudo eliminar', err) }),
  );

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
      setResult({ kind: 'error', message: 'No se pudo sugerir la siguiente generación' });
    } finally {
      setSuggesting(false);
    }
  };

  const actions = (g: Generation) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(g)} aria-label={`Editar ${g.generation_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(g)} aria-label={`Eliminar ${g.generation_name}`}>Eliminar</Button>
    </Group>
  );

  const first = shown[0];
  const last = shown[shown.length - 1];
  return (
    <>
      <PageHeader
        title="Gestionar generaciones"
        subtitle="Cada generación dura 9 semestres (54 meses) desde su fecha de inicio."
        actions={(
          <>
            <Button variant="light" onClick={suggest} loading={suggesting}>Sugerir siguiente</Button>
            <Button onClick={() => openNew(null)}>+ Nueva generación</Button>
          </>
        )}
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="lg">
        <StatCard label="Total de generaciones" value={generations.data ? shown.length : '-'} />
        <StatCard label="Primer inicio" value={first ? formatDate(first.start_date) : '-'} />
        <StatCard label="Último inicio" value={last ? formatDate(last.start_date) : '-'} />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Desde" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} style={{ flex: '1 1 150px' }} />
          <TextInput label="Hasta" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} style={{ flex: '1 1 150px' }} />
          <Button variant="default" onClick={() => { setFrom(''); setTo(''); }} disabled={!from && !to}>Limpiar</Button>
        </Group>
      </Card>

      {generations.isPending ? <PageLoader /> : null}
      {generations.isError ? <Alert color="red">Error al cargar generaciones</Alert> : null}
      {generations.isSuccess && shown.length === 0 ? (
        <Text c="dimmed" py="md">{from || to ? 'No hay generaciones en ese rango de fechas.' : 'No hay generaciones registradas.'}</Text>
      ) : null}
      {shown.length > 0 && isMobile ? (
        <Stack gap="sm">
          {shown.map((g) => (
            <Card key={g.id} withBorder radius="md" padding="md">
              <Text fw={700}>Generación {g.generation_name}</Text>
              <Text size="sm" c="dimmed" mb="sm">Inicio {formatDate(g.start_date)} · Fin {formatDate(g.end_date)}</Text>
              {actions(g)}
            </Card>
          ))}
        </Stack>
      ) : null}
      {shown.length > 0 && !isMobile ? (
        <Table.ScrollContainer minWidth={600}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Generación</Table.Th>
                <Table.Th>Inicio</Table.Th>
                <Table.Th>Fin</Table.Th>
                <Table.Th w={190}>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td fw={600}>{g.generation_name}</Table.Td>
                  <Table.Td>{formatDate(g.start_date)}</Table.Td>
                  <Table.Td>{formatDate(g.end_date)}</Table.Td>
                  <Table.Td>{actions(g)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      <GenerationFormModal opened={form.opened} generation={form.editing} initial={initial} onClose={form.close} onSaved={form.close} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar generación"
        message={deletion.target ? `¿Eliminar la generación ${deletion.target.generation_name}?` : ''}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
