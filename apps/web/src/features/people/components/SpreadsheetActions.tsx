import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../lib/errors';
import { downloadTemplate, exportPeople, type StudentExportStatus } from '../api/download-people';
import type { PeopleKind } from '../api/import-people';
import type { MailReport } from '@egreso/domain';
import type { Credential } from './AccessSlips';
import { ImportModal, importResultText } from './ImportModal';

const EXPORT_OPTIONS: Array<{ status: StudentExportStatus; label: string }> = [
  { status: '1', label: 'Activos' },
  { status: '0', label: 'Bajas' },
  { status: '2', label: 'Graduados' },
  { status: 'all', label: 'Todos' },
];

interface Props {
  kind: PeopleKind;
  /**
   * After an import: its summary and the one-time passwords of the people it created (none: empty); with mail, the
   * activation links sent to them instead.
   */
  onImported: (summary: string, created: Credential[], mail?: MailReport) => void;
  onError: (message: string) => void;
}

/** Importar (with its import window), Exportar Excel (students by status) and Descargar plantilla. */
export function SpreadsheetActions({ kind, onImported, onError }: Props) {
  const [importing, setImporting] = useState(false);
  const [busy, setBusy] = useState<'export' | 'template' | null>(null);
  const run = async (what: 'export' | 'template', job: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await job();
    } catch (err) {
      onError(errorText(what === 'export' ? 'Error exportando Excel' : 'Error descargando plantilla', err));
    }
    setBusy(null);
  };
  return (
    <>
      <Button variant="light" onClick={() => setImporting(true)}>
        Importar Excel
      </Button>
      {kind === 'teachers' ? (
        <Button
          variant="light"
          loading={busy === 'export'}
          onClick={() => run('export', () => exportPeople('teachers'))}
        >
          Exportar Excel
        </Button>
      ) : (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="light" loading={busy === 'export'}>
              Exportar Excel
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Alumnos por estatus</Menu.Label>
            {EXPORT_OPTIONS.map((o) => (
              <Menu.Item key={o.status} onClick={() => run('export', () => exportPeople('students', o.status))}>
                {o.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Button
        variant="default"
        loading={busy === 'template'}
        onClick={() => run('template', () => downloadTemplate(kind))}
      >
        Descargar plantilla
      </Button>
      <ImportModal
        kind={kind}
        opened={importing}
        onClose={() => setImporting(false)}
        onDone={(result) => {
          setImporting(false);
          onImported(importResultText(result), result.credentials ?? [], result.mail);
        }}
      />
    </>
  );
}
