import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { ResultDialog } from '../../../components/ResultDialog';
import { SavingOverlay, subjectColumns } from '../components/SelectionPieces';
import { confirmText, useSelectionState } from '../components/use-selection-state';
import { SELECTION_TEXT } from '../selection-text';

/** 'Selecciona tus materias' (/Selection, students only): choose a group, tick subjects, confirm, one enrolment per subject. */
export default function SelectionPage() {
  const s = useSelectionState();
  const { groups, group, subjects } = s;
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
          value={s.groupId}
          onChange={s.chooseGroup}
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
            columns={subjectColumns(s.picked, s.toggle)}
            rowKey={(x) => x.id}
            label="Materias disponibles"
            emptyText={SELECTION_TEXT.empty}
            loading={subjects.isPending}
            loadingText="Cargando materias..."
            error={s.loadError}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={s.onSave} disabled={s.saving}>
            Guardar selección
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={s.confirming}
        title="Confirmar selección"
        message={confirmText(s.chosen)}
        confirmLabel="Inscribirme"
        onConfirm={s.onConfirm}
        onCancel={s.cancelConfirm}
      />
      {s.saving ? <SavingOverlay /> : null}
      <ResultDialog {...s.feedback.dialogProps} />
    </>
  );
}
