import { Alert, Card, Grid, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MAIL_MSG, MSG, TIMINGS } from '@egreso/domain';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { ResultDialog } from '../../../components/ResultDialog';
import { serverMessage } from '../../../lib/errors';
import { getRole, getToken, getUserId } from '../../../lib/session';
import { useFeedback } from '../../../lib/use-feedback';
import { useMe } from '../../../lib/me';
import { useAccount } from '../api/get-account';
import { PasswordDrawer } from '../components/PasswordDrawer';
import { ProfileCard } from '../components/ProfileCard';
import { ProfileDrawer } from '../components/ProfileDrawer';
import { SessionHistory } from '../components/SessionHistory';
import { ThemeSwitch } from '../components/ThemeSwitch';

type Panel = 'profile' | 'password' | null;

/** The signed-in user's id: from the stored user, else from the 'id' key. */
function sessionUserId(): number | null {
  const id = getUserId();
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /Acount (and the menu's /acount): profile, password, session history and theme. */
export default function AccountPage() {
  if (!getToken() || getRole() === null) return <Navigate to="/login" replace />;
  const id = sessionUserId();
  if (id === null) {
    return (
      <>
        <PageHeader title="Mi cuenta" />
        <Alert color="yellow" role="alert">
          {MSG.noSessionUser}
        </Alert>
      </>
    );
  }
  return <Account id={id} />;
}

function Account({ id }: { id: number }) {
  const navigate = useNavigate();
  const account = useAccount(id);
  const me = useMe();
  const [panel, setPanel] = useState<Panel>(null);
  // The account's messages stay until closed.
  const feedback = useFeedback(null);
  const showError = feedback.error;
  const closePanel = useCallback(() => setPanel(null), []);

  useEffect(() => {
    if (!account.isError) return;
    showError(serverMessage(account.error) ?? MSG.unknownError);
    const timer = setTimeout(() => navigate('/login', { replace: true }), TIMINGS.accountLoadFailRedirect);
    return () => clearTimeout(timer);
  }, [account.isError, account.error, navigate, showError]);

  const user = account.data;
  const openProfile = () => {
    if (!user?.id || !user.full_name || !user.email) {
      setPanel(null);
      feedback.error(MSG.incompleteUserData);
      return;
    }
    setPanel('profile');
  };

  return (
    <>
      <PageHeader title="Mi cuenta" subtitle="Consulta y actualiza tus datos de acceso." />
      {account.isPending ? <PageLoader /> : null}
      {me.data?.pending_email ? (
        <Alert color="blue" variant="light" title="Cambio de correo pendiente" mb="lg">
          {MAIL_MSG.pendingBanner(me.data.pending_email)}
        </Alert>
      ) : null}
      {user ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <ProfileCard user={user} onEditProfile={openProfile} onChangePassword={() => setPanel('password')} />
              <Card withBorder radius="md" padding="lg">
                <Title order={4} mb="sm">
                  Preferencias
                </Title>
                <ThemeSwitch />
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SessionHistory userId={id} />
          </Grid.Col>
        </Grid>
      ) : null}
      {user ? (
        <>
          {/* One panel state keeps the two side panels mutually exclusive. */}
          <ProfileDrawer
            opened={panel === 'profile'}
            user={{ id: user.id, full_name: user.full_name, email: user.email }}
            onClose={closePanel}
            feedback={feedback}
          />
          <PasswordDrawer opened={panel === 'password'} userId={user.id} onClose={closePanel} feedback={feedback} />
        </>
      ) : null}
      <ResultDialog {...feedback.dialogProps} />
    </>
  );
}
