import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { HOME_BY_ROLE, MSG, TIMINGS, isRole, welcomeLine } from '@egreso/domain';
import { useMailEnabled } from '../../../lib/queries/mail';
import { queryKeys } from '../../../lib/query-keys';
import { FORCED_PASSWORD_PATH, clearDraftsOfOthers, saveSession, setMustChangePassword } from '../../../lib/session';
import { login, loginErrorMessage, type LoginResult } from '../api/login';
import { exchangeOidcCode, oidcEnabled, takeOidcReturn } from '../api/oidc';
import { validateLogin, type LoginErrors } from '../validation';

export type LoginStatus =
  | { kind: 'idle' }
  | { kind: 'authenticating' }
  | { kind: 'success'; name: string; greeting: string }
  | { kind: 'error'; message: string };

/**
 * The sign-in form's state: the fields and their errors, the attempt's status, whether the institution offers mail
 * and its own sign-in. A successful attempt stores the session and sends the user to the role's home after 0.8 s; a
 * sign-in coming back from the institution's provider is finished on arrival.
 */
export function useLoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<LoginStatus>({ kind: 'idle' });
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Errors appear after the first attempt and then follow the typing.
  const errors: LoginErrors = submitted ? validateLogin(email, password) : {};
  const busy = status.kind === 'authenticating' || status.kind === 'success';

  const signIn = async (attempt: () => Promise<LoginResult>) => {
    setStatus({ kind: 'authenticating' });
    try {
      const { token, user, gender, mustChangePassword } = await attempt();
      if (!isRole(user.rol)) {
        setStatus({ kind: 'error', message: MSG.unknownRole });
        return;
      }
      saveSession(token, user);
      setMustChangePassword(mustChangePassword);
      // Nothing cached or typed for a previous account may leak into this one.
      queryClient.clear();
      clearDraftsOfOthers(user.id);
      setStatus({ kind: 'success', name: user.full_name, greeting: welcomeLine(gender, null) });
      // A password someone else set is changed before anything else.
      const home = mustChangePassword ? FORCED_PASSWORD_PATH : HOME_BY_ROLE[user.rol];
      redirectTimer.current = setTimeout(() => navigate(home, { replace: true }), TIMINGS.loginRedirect);
    } catch (err) {
      setStatus({ kind: 'error', message: loginErrorMessage(err) });
    }
  };

  const institutional = useQuery({
    queryKey: queryKeys.auth.oidc(),
    queryFn: oidcEnabled,
    retry: false,
    staleTime: Infinity,
  });

  // With the institution's mail, a forgotten password is reset by a link.
  const mail = useMailEnabled();

  // Back from the institution's provider: the one-time code (or the refusal) is read once and leaves the address.
  useEffect(() => {
    const back = takeOidcReturn();
    if (back?.kind === 'code') void signIn(() => exchangeOidcCode(back.code));
    else if (back?.kind === 'error') setStatus({ kind: 'error', message: back.message });
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateLogin(email, password);
    if (found.email || found.password) return;
    await signIn(() => login({ email: email.trim(), password }));
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    errors,
    busy,
    status,
    /** Whether to offer '¿Olvidaste tu contraseña?' (the institution has mail). */
    offersReset: mail.data === true,
    /** Whether to offer the institution's own sign-in. */
    offersInstitutional: institutional.data === true,
    onSubmit,
  };
}
