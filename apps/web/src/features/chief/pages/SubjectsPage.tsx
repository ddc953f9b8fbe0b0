import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { collator, type Subject } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResultDialog, type Result } from '../../../components/ResultDialog';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useDeleteSubject } from '../api/delete-subject';
import { useAttributes } from '../api/get-attributes';
import { useCareers } from '../api/get-careers';
import { useSemesters } from '../api/get-semesters';
import { useSubjects } from '../api/get-subjects';
import { useSaveSubject } from '../api/save-subject';
import { failureText, loadErrorText, reasonOf, serverFieldErrors } from '../components/feedback';
import { ListStates } from '../components/ListStates';
import { SubjectFields } from '../components/SubjectFields';
import { creditsText, emptySubject, subjectBodyOf, subjectDraftOf, type SubjectDraft } from '../components/subject-draft';

/** 'Error registrando materia: {server message}' when the server explained the failure (spec). */
const withServer = (message: string, err: unknown) => {
  const reason = reasonOf(err);
  return reason ? `${message}: ${reason}` : message;
};

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

  const [draft, setDraft] = useState<SubjectDraft>(emptySubject);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<Subject | null>(null);
  const [editDraft, setEditDraft] = useState<SubjectDraft>(emptySubject);
  const [editError, setEditError] = useState<string | null>(null);
  const [editFieldErrors, setEditFieldErrors] = useState<Record<string, string>>({});
  const [toDelete, setToDelete] = useState<Subject | null>(null);
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const closeResult = useCallback(() => setResult(null), []);

  const all = useMemo(() => subjects.data ?? [], [subjects.data]);
  const attributeList = attributes.data ?? [];
  const nameById = useMemo(() => new Map(all.map((s) => [s.id, s.subject_name])), [all]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = q ? all.filter((s) => s.subject_name.toLowerCase().includes(q) || s.subject_key.toLowerCase().includes(q)) : all;
    return [...list].sort((a, b) => collator.compare(a.subject_name, b.subject_name));
  }, [all, search]);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = subjectBodyOf(draft, attributeList);
    if ('error' in parsed) {
      setFieldErrors(parsed.fields);
      return setFormError(parsed.error);
    }
    setFormError(null);
    try {
      await save.mutateAsync({ id: null, body: parsed.body });
      setDraft(emptySubject);
      setFieldErrors({});
      setResult({ kind: 'success', message: 'Materia registrada correctamente.' });
    } catch (err) {
      setFieldErrors(serverFieldErrors(err));
      setResult({ kind: 'error', message: withServer('Error registrando materia', err) });
    }
  };

  const openEdit = (s: Subject) => {
    setEditing(s);
    setEditDraft(subjectDraftOf(s));
    setEditError(null);
    setEditFieldErrors({});
  };

  const update = async () => {
    if (!editing) return;
    const parsed = subjectBodyOf(editDraft, attributeList);
    if ('error' in parsed) {
      setEditFieldErrors(parsed.fields);
      return setEditError(parsed.error);
    }
    setEditError(null);
    try {
      await save.mutateAsync({ id: editing.id, body: parsed.body });
      setEditing(null);
    } catch (err) {
      setEditFieldErrors(serverFieldErrors(err));
      setResult({ kind: 'error', message: withServer('Error actualizando materia', err) });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
    } catch (err) {
      setResult({ kind: 'error', message: failureText('Error eliminando materia', err) });
    }
    setToDelete(null);
  };

  const requires = (s: Subject) => (s.prerequisites.length
    ? <Text size="xs" c="dimmed">Requiere: {s.prerequisites.map((id) => nameById.get(id) ?? `#${id}`).join(', ')}</Text>
    : null);
  const actions = (s: Subject) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => openEdit(s)} aria-label={`Editar ${s.subject_name}`}>Editar</Button>
      <Button size="xs" variant="light" color="red" onClick={() => setToDelete(s)} aria-label={`Eliminar ${s.subject_name}`}>Eliminar</Button>
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
        <SubjectFields value={draft} onChange={setDraft} selfId={null} errors={fieldErrors} idPrefix="new-subject" {...fieldsProps} />
        {catalogueErrors.map((m) => <Alert key={m} color="red" mt="sm">{m}</Alert>)}
        {formError ? <Alert color="red" mt="sm" role="alert">{formError}</Alert> : null}
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
        <SubjectFields value={editDraft} onChange={setEditDraft} selfId={editing?.id ?? null} errors={editFieldErrors} idPrefix="edit-subject" {...fieldsProps} />
        {editError ? <Alert color="red" mt="sm" role="alert">{editError}</Alert> : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setEditing(null)}>Cancelar</Button>
          <Button onClick={update} loading={save.isPending}>Guardar</Button>
        </Group>
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar materia"
        message={<>¿Estás seguro que deseas eliminar esta materia?{toDelete ? <><br /><strong>{toDelete.subject_key} · {toDelete.subject_name}</strong></> : null}</>}
        confirmLabel="Eliminar"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ResultDialog result={result} onClose={closeResult} autoCloseMs={result?.kind === 'success' ? 1600 : undefined} />
    </>
  );
}
