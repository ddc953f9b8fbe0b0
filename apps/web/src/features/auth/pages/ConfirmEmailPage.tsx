import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAIL_MSG, MSG } from '@egreso/domain';
import { serverMessage } from '../../../lib/errors';
import { clearSession } from '../../../lib/session';
import { confirmEmail, useMailLink } from '../api/mail';
import { LinkAlert, LinkChecking, LinkDoor } from '../components/LinkDoor';

/** /confirmar-correo: the new address confirms an e-mail change; then every session ends and the new e-mail signs in. */
export default function ConfirmEmailPage() {
  const queryClient = useQueryClient();
  const { token, link } = useMailLink();
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  const confirm = async () => {
    if (!token) return;
    setState({ kind: 'saving' });
    try {
      const answer = await confirmEmail(token);
      // The account's sessions, this browser's included, ended with the change.
      clearSession();
      queryClient.clear();
      setState({ kind: 'done', message: answer.message });
    } catch (err) {
      setState({ kind: 'error', message: serverMessage(err) ?? MSG.connectionError });
    }
  };

  const info = link.data?.purpose === 'email' ? link.data : null;
  // Once confirmed, the spent link reads as invalid: the outcome is what the page shows.
  const invalid =
    state.kind === 'done'
      ? null
      : token === null
        ? MAIL_MSG.linkMissing
        : link.isError
          ? (serverMessage(link.error) ?? MSG.connectionError)
          : link.data && !info
            ? MAIL_MSG.linkInvalid
            : null;

  return (
    <LinkDoor width={460}>
      <Title order={1} fz={{ base: 22, sm: 26 }} mb="md">
        {MAIL_MSG.emailConfirmTitle}
      </Title>
      {link.isPending && token ? <LinkChecking /> : null}
      {invalid ? <LinkAlert title="Enlace no válido">{invalid}</LinkAlert> : null}
      {state.kind === 'done' ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" title="Correo confirmado">
            {state.message}
          </Alert>
          <Button component={Link} to="/login" size="md" fullWidth>
            {MAIL_MSG.toLogin}
          </Button>
        </Stack>
      ) : info ? (
        <Stack gap="md">
          <Text size="sm">
            Hola, {info.full_name}. Confirma que <strong>{info.new_email}</strong> será el correo con el que entras (hoy
            es {info.email}). Al confirmar se cerrarán tus sesiones abiertas.
          </Text>
          <Button size="md" fullWidth loading={state.kind === 'saving'} onClick={() => void confirm()}>
            {MAIL_MSG.emailConfirmButton}
          </Button>
          {state.kind === 'error' ? <LinkAlert>{state.message}</LinkAlert> : null}
        </Stack>
      ) : null}
    </LinkDoor>
  );
}
