import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Overlay,
  Paper,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { ENROLMENT_MSG, TIMINGS, type AvailableSubject } from '@egreso/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable, type Column } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { ApiError } from '../../../lib/api';
import { useStudentId } from '../../../lib/student-id';
import { useFeedback } from '../../../lib/use-feedback';
import { useAvailableSubjects, useEnrolSubjects, useStudentGroups } from '../api/student-enrolment';
import { SELECTION_TEXT } from '../selection-text';

function Status({ subject }: { subject: AvailableSubject }) {
  if (subject.inscrita)
    return (
      <Badge color="green" variant="light">
        Ya inscrita
      </Badge>
    );
  if (subject.bloqueada) {
    return (
      <Stack gap={2}>
        <Badge color="red" variant="light">
          Bloqueada
        </Badge>
        <Text size="sm">{subject.motivo_bloqueo}</Text>
      </Stack>
    );
  }
  return (
    <Badge color="blue" variant="light">
      Disponible
    </Badge>
  );
}

/** 'Selecciona tus materias' (/Selection, students only): choose a group, tick subjects, confirm, one enrolment per subject. */
export default function SelectionPage() {
  const userId = useStudentId();
  const groups = useStudentGroups(userId);
  const [groupId, setGroupId] = useState<string | null>(null);
  const group = groups.data?.find((g) => String(g.id) === groupId) ?? null;
  const subjects = useAvailableSubjects(userId, group);
  const enrol = useEnrolSubjects();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // The spec's times: a success or a check made here closes after 1.6 s, a server's refusal after 2.2 s.
  const feedback = useFeedback(TIMINGS.successToast, TIMINGS.successToast);

  const selectable = useMemo(() => (subjects.data ?? []).filter((s) => !s.inscrita && !s.bloqueada), [subjects.data]);
  // Only subjects neither enrolled nor blocked are ever sent (spec §5).
  const chosen = selectable.filter((s) => picked.has(s.id));

  const toggle = (id: number, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSave = () => {
    if (!group || chosen.length === 0) {
      feedback.error(SELECTION_TEXT.required);
      return;
    }
    setConfirming(true);
  };

  const onConfirm = () => {
    setConfirming(false);
    if (!group?.semester_id) return;
    const requests = chosen.map((s) => ({
      user_id: userId,
      subject_id: s.id,
      semester_id: group.semester_id!,
      group_id: group.id,
    }));
    enrol.mutate(requests, {
      onSuccess: () => {
        setPicked(new Set());
        feedback.success(ENROLMENT_MSG.saved);
      },
      onError: (err) =>
        feedback.error(
          err instanceof ApiError && err.status === 409 && err.message ? err.message : SELECTION_TEXT.saveError,
          TIMINGS.errorToast,
        ),
    });
  };

  const columns: Array<Column<AvailableSubject>> = [
    {
      key: 'select',
      header: 'Seleccionar',
      width: 110,
      card: 'plain',
      cell: (s) => (
        <Checkbox
          aria-label={`Seleccionar ${s.subject_name}`}
          checked={s.inscrita || picked.has(s.id)}
          disabled={s.inscrita || s.bloqueada}
          onChange={(e) => toggle(s.id, e.currentTarget.checked)}
        />
      ),
      cardCell: (s) => (
        <Checkbox
          label="Seleccionar"
          aria-label={`Seleccionar ${s.subject_name}`}
          checked={s.inscrita || picked.has(s.id)}
          disabled={s.inscrita || s.bloqueada}
          onChange={(e) => toggle(s.id, e.currentTarget.checked)}
        />
      ),
    },
    { key: 'subject', header: 'Materia', card: 'title', cell: (s) => s.subject_name },
    { key: 'key', header: 'Clave', cell: (s) => s.subject_key },
    { key: 'status', header: 'Estado', cell: (s) => <Status subject={s} /> },
  ];

  const loadError = groups.error || subjects.error ? SELECTION_TEXT.loadError : null;
  return (
    <>
      <PageHeader
        title="Selecciona tus materias"
        subtitle="Elige tu grupo y marca las materias que cursarás este periodo"
      />
      <Stack gap="md">
        <Select
          label="Grupo"
          placeholder="Selecciona tu grupo"
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.group_name }))}
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setPicked(new Set());
          }}
          maw={360}
          comboboxProps={{ withinPortal: true }}
        />
        {!group ? (
          groups.error ? (
            <Alert color="red" role="alert">
              {SELECTION_TEXT.loadError}
            </Alert>
          ) : (
            <Text c="dimmed">{SELECTION_TEXT.pickGroup}</Text>
          )
        ) : (
          <ResponsiveTable
            rows={subjects.data}
            columns={columns}
            rowKey={(s) => s.id}
            label="Materias disponibles"
            emptyText={SELECTION_TEXT.empty}
            loading={subjects.isPending}
            loadingText="Cargando materias..."
            error={loadError}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={onSave} disabled={enrol.isPending}>
            Guardar selección
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Confirmar selección"
        message={`Te inscribirás en ${chosen.length === 1 ? '1 materia' : `${chosen.length} materias`}: ${chosen.map((s) => s.subject_name).join(', ')}. ¿Deseas continuar?`}
        confirmLabel="Inscribirme"
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
      {enrol.isPending ? (
        <Overlay fixed zIndex={280} backgroundOpacity={0.45} blur={1}>
          <Center h="100%">
            <Paper p="lg" radius="md" role="status" aria-live="polite">
              <Group gap="sm">
                <Loader size="sm" />
                <Text>{SELECTION_TEXT.saving}</Text>
              </Group>
            </Paper>
          </Center>
        </Overlay>
      ) : null}
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
