import { Button, FileInput, Group, Modal, Progress, Stack, Text, type ModalProps } from '@mantine/core';
import type { ImportWizardState } from '../lib/use-import-wizard';
import { FailureAlert } from './FailureAlert';

export interface ImportFileField {
  id?: string;
  label: string;
  placeholder: string;
  description?: string;
  accept: string;
  /** The accessible name of the field's clear button. */
  clearLabel?: string;
}

export interface ImportProgressTexts {
  /** The progress bar's accessible name. */
  label: string;
  /** The line under the bar, from the share sent (1: the server is working) and the step. */
  text: (fraction: number, step: 'checking' | 'applying') => string;
}

/** Undoing the import just written, offered in the result step when the import supports it. */
export interface ImportUndo<R> {
  label: string;
  /** Whether this result can be undone now. */
  offered: (result: R) => boolean;
  /** Starts the undo (the wizard closes first). */
  start: (result: R) => void;
}

interface Props<P, R> {
  wizard: ImportWizardState<P, R>;
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  fullScreen?: boolean;
  /** Above the file field while choosing (e.g. how to fill the template). */
  intro?: React.ReactNode;
  file: ImportFileField;
  progress: ImportProgressTexts;
  preview: (preview: P) => React.ReactNode;
  /** Whether the preview has anything to write; 'Aplicar importación' is disabled otherwise. */
  canApply: (preview: P) => boolean;
  /** The apply button's text; 'Aplicar importación' by default. */
  applyLabel?: (preview: P) => string;
  /** Before Cancelar in the preview step, e.g. downloading the rows with errors. */
  previewActions?: React.ReactNode;
  /** When given, the preview hides the file field and this button starts over with another file. */
  restartLabel?: string;
  /** The result step (with `keepsResult`); without it the wizard starts over once the file is written. */
  result?: (result: R) => React.ReactNode;
  undo?: ImportUndo<R>;
}

/**
 * The one import wizard: choose a spreadsheet, see what it would change (a dry run, nothing written), apply it, and
 * see the result. Each import gives its texts, its preview and its result; uploads show their progress, and the
 * window cannot be closed while a file is on its way.
 */
export function ImportWizard<P, R>({
  wizard,
  opened,
  onClose,
  title,
  size,
  fullScreen,
  intro,
  file,
  progress,
  preview,
  canApply,
  applyLabel,
  previewActions,
  restartLabel,
  result,
  undo,
}: Props<P, R>) {
  const { step, busy } = wizard;
  const close = () => {
    if (busy) return;
    wizard.reset();
    onClose();
  };
  const shown = step === 'preview' || step === 'applying' ? wizard.preview : null;
  const written = step === 'done' ? wizard.result : null;
  const choosing = step === 'choose' || step === 'checking';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      centered
      fullScreen={fullScreen}
      closeOnClickOutside={!busy}
    >
      <Stack gap="sm">
        <FailureAlert message={wizard.failure} />
        {choosing || (shown !== null && !restartLabel) ? (
          <>
            {choosing ? intro : null}
            <FileInput
              id={file.id}
              label={file.label}
              placeholder={file.placeholder}
              description={file.description}
              accept={file.accept}
              value={wizard.file}
              onChange={wizard.choose}
              error={wizard.fileError}
              clearable
              clearButtonProps={file.clearLabel ? { 'aria-label': file.clearLabel } : undefined}
              disabled={busy}
            />
          </>
        ) : null}
        {step === 'checking' || step === 'applying' ? (
          <Stack gap={4}>
            <Progress
              value={Math.round(wizard.progress * 100)}
              aria-label={progress.label}
              animated={wizard.progress >= 1}
            />
            <Text size="sm" c="dimmed" role="status">
              {progress.text(wizard.progress, step)}
            </Text>
          </Stack>
        ) : null}
        {shown !== null ? preview(shown) : null}
        {written !== null && result ? result(written) : null}

        <Group justify="flex-end" mt="sm" gap="sm">
          {written !== null ? (
            <>
              {undo?.offered(written) ? (
                <Button
                  variant="light"
                  color="orange"
                  onClick={() => {
                    close();
                    undo.start(written);
                  }}
                >
                  {undo.label}
                </Button>
              ) : null}
              <Button onClick={close}>Cerrar</Button>
            </>
          ) : (
            <>
              {shown !== null ? previewActions : null}
              <Button variant="default" onClick={close} disabled={busy}>
                Cancelar
              </Button>
              {shown !== null && restartLabel ? (
                <Button variant="default" onClick={wizard.reset} disabled={busy}>
                  {restartLabel}
                </Button>
              ) : null}
              {shown !== null ? (
                <Button onClick={() => void wizard.confirm()} loading={step === 'applying'} disabled={!canApply(shown)}>
                  {applyLabel?.(shown) ?? 'Aplicar importación'}
                </Button>
              ) : (
                <Button onClick={() => void wizard.review()} loading={step === 'checking'}>
                  Revisar archivo
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
