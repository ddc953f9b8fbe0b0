import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { collator, type Subject } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { withReason } from '../../../lib/form-errors';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { useDraft } from '../../../lib/use-draft';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteSubject } from '../api/delete-subject';
import { useAttributes } from '../../attributes/api/get-attributes';
import { useCareers } from '../../careers/api/get-careers';
import { useSemesters } from '../api/get-semesters';
import { useSubjects } from '../api/get-subjects';
import { useSaveSubject } from '../api/save-subject';
import { failureText, loadErrorText } from '../../chief/components/feedback';
import { SubjectFields } from '../components/SubjectFields';
import { creditsText, emptySubject, subjectBodyOf, subjectDraftOf, type SubjectDraft } from '../components/subject-draft';

function AttributesCell({ subject }: { subject: Subject }) {
  if (!subject.attributes.length) return <Text span c="dimmed" fs="italic" size="sm">Sin atributos</Text>;
  return (
    <Stack gap={2}>
      {subject.attributes.map((a) => <Text key={a.id} size="sm">{`${a.attribute_name} (${a.knowledge_level})`}</Text>)}
    </Stack>
  );
}

function SemestersCell({ subject }: { subject: Subject }) {
  if (!subject.semesters.length) return <Text span c="dimmed" fs="italic" size="sm">Sin semestres</Text>;
  return (
    <Group gap={4}>
      {subject.semesters.map((s) => <Badge key={s.id} variant="light" radius="sm" tt="none">{s.semester_name}</Badge>)}
    </Group>
  );
}

export default function SubjectsPage() {
  const subjects = useSubjects();
  const semesters = useSemesters();
  const careers = useCareers();
  const attributes = useAttributes();
  const save = useSaveSubject();
  const remove = useDeleteSubject();
  const isMobile = useIsMobile();

  const all = useMemo(() => subjects.data ?? [], [subjects.data]);
  const attributeList = attributes.data ?? [];
  const check = (d: SubjectDraft) => subjectBodyOf(d, attributeList);
  const draft = useDraft(emptySubject, check);
  const [editing, setEditing] = useState<Subject | null>(null);
  const edit = useDraft(emptySubject, check);
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const deletion = useConfirmDelete(
    (s: Subject) => remove.mutateAsync(s.id),
    (err) => setResult({ kind: 'error', message: failureText('Error eliminando materia', err) }),
  );

  const nameById = useMemo(() => new Map(all.map((s) => [s.id, s.subject_name])), [all]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = q ? all.filter((s) => s.subject_name.toLowerCase().includes(q) || s.subject_key.toLowerCase().includes(q)) : all;
    return [...list].sort((a, b) => collator.compare(a.subject_name, b.subject_name));
  }, [all, search]);

  // Save failures read 'Error registrando materia: {server message}' (spec), on one line unlike the other catalogues.
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const saved = await draft.submit(
      (body) => save.mutateAsync({ id: null, body }),
      (err) => setResult({ kind: 'error', message: withReason('Error registrando materia', err) }),
    );
    if (!saved) return;
    draft.reset();
    setResult({ kind: 'success', message: 'Materia registrada correctamente.' });
  };

  const openEdit = (s: Subject) => {
    setEditing(s);
    edit.reset(subjectDraftOf(s));
  };

  const update = async () => {
    if (!editing) return;
    const saved = await edit.submit(
      (body) => save.mutateAsync({ id: editing.id, body }),
      (err) => setResult({ kind: 'error', message: withReason('Error actualizando materia', err) }),
    );
    if (saved) setEditing(null);
  };

  const requires = (s: Subject) => (s.prerequisites.length
    ? <Text size="xs" c="dimmed">Requiere: {s.prerequisites.map((id) => nameById.get(id) ?? `#${id}`).join(', ')}</Text>
    : null);
  const actions = (s: Subject) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(s)} aria-label={`Editar ${s.subject_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => deletion.ask(s)} aria-label={`Eliminar ${s.subject_name}`}>Eliminar</Button>
    </Group>
  );
  const catalogueErrors = [
    attributes.isError ? loadErrorText('Error cargando atributos.', attributes.error) : null,
    semesters.isError ? 'Error cargando semestres.' : null,
    careers.isError ? 'Error cargando carreras.' : null,
  ].filter((m): m is string => m !== null);
  const fieldsProps = { subjects: all, semesters: semesters.data ?? [], careers: careers.data ?? [], attributes: attributeList };

  return (
    <>
      <PageHeader title="Alta de materias" subtitle="Materias con sus créditos, prerrequisitos, semestres, carreras y atributos." />
      <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={create} noValidate>
        <Title order={3} size="h4" mb="sm">Nueva materia</Title>
        <SubjectFields value={draft.value} onChange={draft.setValue} selfId={null} errors={draft.fieldErrors} idPrefix="new-subject" {...fieldsProps} />
        {catalogueErrors.map((m) => <Alert key={m} color="red" mt="sm">{m}</Alert>)}
        {draft.error ? <Alert color="red" mt="sm" role="alert">{draft.error}</Alert> : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending && editing === null}>Registrar materia</Button>
        </Group>
      </Card>

      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="sm">
        <Title order={3} size="h4">Materias registradas</Title>
        <TextInput
          aria-label="Buscar materia" placeholder="Buscar por nombre o clave" value={search}
          onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', sm: 300 }}
        />
      </Group>
      <ListStates
        loading={subjects.isPending}
        error={subjects.isError ? loadErrorText('Error cargando materias.', subjects.error) : null}
        empty={shown.length === 0}
        emptyText={all.length === 0 ? 'No hay materias registradas.' : 'Ninguna materia coincide con la búsqueda.'}
      >
        {isMobile ? (
          <Stack gap="sm">
            {shown.map((s) => (
              <Card key={s.id} withBorder radius="md" padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>{s.subject_name}</Text>
                  <Badge variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>{s.subject_key}</Badge>
                </Group>
                {requires(s)}
                <Text size="sm" mt={6}><Text span fw={600}>Créditos: </Text>{creditsText(s)}</Text>
                <Text size="sm" fw={600} mt={6}>Atributos</Text>
                <AttributesCell subject={s} />
                <Text size="sm" fw={600} mt={6} mb={4}>Semestres</Text>
                <SemestersCell subject={s} />
                <Group mt="sm">{actions(s)}</Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th w={110}>Clave</Table.Th>
                  <Table.Th w={110}>Créditos</Table.Th>
                  <Table.Th>Atributos</Table.Th>
                  <Table.Th w={170}>Semestres</Table.Th>
                  <Table.Th w={170}>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">{s.subject_name}</Text>
                      {requires(s)}
                    </Table.Td>
                    <Table.Td>{s.subject_key}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{creditsText(s)}</Table.Td>
                    <Table.Td><AttributesCell subject={s} /></Table.Td>
                    <Table.Td><SemestersCell subject={s} /></Table.Td>
                    <Table.Td>{actions(s)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListStates>

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Editar materia" centered size="xl" fullScreen={isMobile}>
        <SubjectFields value={edit.value} onChange={edit.setValue} selfId={editing?.id ?? null} errors={edit.fieldErrors} idPrefix="edit-subject" {...fieldsProps} />
        {edit.error ? <Alert color="red" mt="sm" role="alert">{edit.error}</Alert> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setEditing(null)}>Cancelar</Button>
          <Button onClick={update} loading={save.isPending}>Guardar</Button>
        </Group>
      </Modal>
      <ConfirmDialog
        {...deletion.dialogProps}
        title="Eliminar materia"
        message={<>¿Estás seguro que deseas eliminar esta materia?{deletion.target ? <><br /><strong>{deletion.target.subject_key} · {deletion.target.subject_name}</strong></> : null}</>}
        loading={remove.isPending}
      />
      <ResultDialog result={result} onClose={closeResult} autoCloseMs={result?.kind === 'success' ? 1600 : undefined} />
    </>
  );
}
