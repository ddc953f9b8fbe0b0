import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { AccessSlips, type Credential } from './AccessSlips';

export const ONE_TIME_NOTICE =
  'Entrega esta contraseña a la persona: solo se muestra esta vez. Deberá cambiarla al iniciar sesión por primera vez.';
export const MANY_NOTICE =
  'Entrega a cada persona su contraseña: solo se muestran esta vez. Deberán cambiarlas al iniciar sesión por primera vez.';

interface Props {
  /** The people whose one-time passwords were just issued; null or empty: closed. */
  credentials: readonly Credential[] | null;
  /** The dialog's title: what was done ('Profesor registrado correctamente.'). */
  message: string;
  /** A longer account of it (an import's summary), shown first. */
  summary?: string;
  onClose: () => void;
}

/**
 * The one-time passwords just created or reset, shown once, read-only, with 'Imprimir hojas de acceso' (one slip per
 * person). Closing forgets them: no later screen can show them again.
 */
export function CredentialsModal({ credentials, message, summary, onClose }: Props) {
  const list = credentials ?? [];
  const opened = list.length > 0;
  const one = list.length === 1 ? list[0]! : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={message}
      centered
      size={one ? 'md' : 'lg'}
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Stack gap="sm">
        {summary ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {summary}
          </Text>
        ) : null}
        <Alert color="yellow">{one ? ONE_TIME_NOTICE : MANY_NOTICE}</Alert>
        {one ? (
          <>
            <Text size="sm">
              <strong>{one.full_name}</strong> · {one.email}
            </Text>
            <TextInput
              id="one-time-password"
              label="Contraseña de un solo uso"
              value={one.initial_password}
              readOnly
              styles={{ input: { fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: '0.05em' } }}
              onFocus={(e) => e.currentTarget.select()}
            />
          </>
        ) : (
          <Table.ScrollContainer minWidth={480} mah={360}>
            <Table striped aria-label="Contraseñas de un solo uso">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nombre</Table.Th>
                  <Table.Th>Correo</Table.Th>
                  <Table.Th>Contraseña</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <Table.Tr key={c.email}>
                    <Table.Td>{c.full_name}</Table.Td>
                    <Table.Td>{c.email}</Table.Td>
                    <Table.Td ff="monospace">{c.initial_password}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => window.print()}>
            {list.length === 1 ? 'Imprimir hoja de acceso' : 'Imprimir hojas de acceso'}
          </Button>
          <Button onClick={onClose}>Cerrar</Button>
        </Group>
      </Stack>
      {opened ? <AccessSlips credentials={list} /> : null}
    </Modal>
  );
}
