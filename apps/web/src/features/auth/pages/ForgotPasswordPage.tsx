import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { MAIL_MSG, MSG } from '@egreso/domain';
import { serverMessage } from '../../../lib/errors';
import { requestReset } from '../api/mail';
import { LinkAlert, LinkDoor } from '../components/LinkDoor';
import { validateLogin } from '../validation';

/** /olvide: asks for a reset link by e-mail; the answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const error = submitted ? validateLogin(email, 'x').email : undefined;

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (validateLogin(email, 'x').email || state.kind === 'sending') return;
    setState({ kind: 'sending' });
    try {
      const answer = await requestReset(email.trim());
      setState({ kind: 'sent', message: answer.message });
    } catch (err) {
      setState({ kind: 'error', message: serverMessage(err) ?? MSG.connectionError });
    }
  };

  return (
    <LinkDoor width={440}>
      <Stack gap={6} mb="lg">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {MAIL_MSG.forgotTitle}
        </Title>
        <Text size="sm">{MAIL_MSG.forgotIntro}</Text>
      </Stack>
      {state.kind === 'sent' ? (
        <Alert color="green" variant="light" role="status" title="Revisa tu correo">
          {state.message}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={MAIL_MSG.forgotTitle}>
          <Stack gap="md">
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="username"
              inputMode="email"
              size="md"
              placeholder="nombre@institucion.edu.mx"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              disabled={state.kind === 'sending'}
            />
            <Button type="submit" size="md" fullWidth loading={state.kind === 'sending'}>
              {MAIL_MSG.forgotSend}
            </Button>
            {state.kind === 'error' ? <LinkAlert>{state.message}</LinkAlert> : null}
          </Stack>
        </form>
      )}
    </LinkDoor>
  );
}
