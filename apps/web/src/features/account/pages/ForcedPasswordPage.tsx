import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { HOME_BY_ROLE, isRole } from '@egreso/domain';
import { FrontDoor } from '../../../components/FrontDoor';
import { useLogout } from '../../../lib/logout';
import { getRole, getStoredUser, getToken, mustChangePassword, setMustChangePassword } from '../../../lib/session';
import { PasswordForm } from '../components/PasswordDrawer';

/**
 * The first sign-in with a password someone else set (created, imported or reset): the new password comes before
 * any screen; the only other way out is logging out.
 */
export default function ForcedPasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const logout = useLogout();
  const user = getStoredUser();
  const role = getRole();
  if (!getToken() || !user || !isRole(role)) return <Navigate to="/login" replace />;
  if (!mustChangePassword()) return <Navigate to={HOME_BY_ROLE[role]} replace />;

  const saved = () => {
    setMustChangePassword(false);
    queryClient.clear();
    navigate(HOME_BY_ROLE[role], { replace: true });
  };
  return (
    <FrontDoor
      width={460}
      below={
        <Button variant="subtle" color="gray" onClick={() => void logout()} style={{ alignSelf: 'center' }}>
          Cerrar sesión
        </Button>
      }
    >
      <Stack gap={6} mb="lg">
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          Cambia tu contraseña
        </Title>
        <Text size="sm">
          Hola, {user.full_name}. Tu contraseña fue asignada por otra persona: antes de continuar, elige una nueva que
          solo tú conozcas.
        </Text>
      </Stack>
      {error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="No se pudo cambiar la contraseña"
          mb="md"
          style={{ whiteSpace: 'pre-line' }}
        >
          {error}
        </Alert>
      ) : null}
      <PasswordForm userId={user.id} onSaved={saved} onFailed={setError} />
    </FrontDoor>
  );
}
