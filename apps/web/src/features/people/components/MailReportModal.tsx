import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { MAIL_MSG, type MailReport } from '@egreso/domain';

export interface MailNotice {
  /** The dialog's title: what was done ('Profesor registrado correctamente.'). */
  title: string;
  /** What was sent, in a sentence (to whom), shown when it went. */
  sentText: string;
  /** A longer account (an import's summary), shown first. */
  summary?: string;
  /** What to say when it did not go (by default: try again with 'Restablecer contraseña'). */
  failedText?: string;
  report: MailReport;
}

/**
 * With the institution's mail, what a registration, import or reset sent instead of a password: the links that went,
 * and, never silently, the people whose mail did not go (to be tried again with 'Restablecer contraseña').
 */
export function MailReportModal({ notice, onClose }: { notice: MailNotice | null; onClose: () => void }) {
  const failed = notice?.report.failed ?? [];
  return (
    <Modal opened={notice !== null} onClose={onClose} title={notice?.title ?? ''} centered size="md">
      {notice ? (
        <Stack gap="sm">
          {notice.summary ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {notice.summary}
            </Text>
          ) : null}
          {notice.report.sent > 0 ? (
            <Alert color="green" variant="light" role="status" title="Enlace enviado por correo">
              {notice.sentText}
            </Alert>
          ) : null}
          {failed.length > 0 ? (
            <Alert color="red" variant="light" role="alert" title="Correo no enviado">
              <Text size="sm" mb={4}>
                {notice.failedText ?? MAIL_MSG.notSent(failed.length)}
              </Text>
              <List size="sm">
                {failed.map((p) => (
                  <List.Item key={p.email}>
                    {p.full_name} · {p.email}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end" mt="xs">
            <Button onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
