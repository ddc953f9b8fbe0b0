import { ActionIcon, Avatar, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MENU_BY_ROLE, MSG, isRole, welcomeLine } from '@egreso/domain';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { initials, photoUrl } from '../lib/avatar';
import { logoutDiscardsDrafts, useLogout } from '../lib/logout';
import { useMe } from '../lib/me';
import { clearSession, getRole, getStoredName } from '../lib/session';

/** The logout question when the user leaves typed grades unsaved in this browser. */
export const LOGOUT_WITH_DRAFTS =
  'Tienes calificaciones sin guardar en este navegador. Si cierras sesión se descartarán. ¿Cerrar sesión de todos modos?';

/** The item whose path is a prefix of the current path is active (paths compare without case). */
export function isActive(itemPath: string, currentPath: string): boolean {
  const item = itemPath.toLowerCase();
  const current = currentPath.toLowerCase();
  return current === item || current.startsWith(`${item}/`);
}

/** Drawer opened by the top bar's button: avatar, name, welcome line and the menu of the stored role. */
export function SideMenu() {
  const [opened, { open, close }] = useDisclosure(false);
  // Closed, or open with the question to ask (unsaved grades are discarded on a confirmed logout).
  const [confirmLogout, setConfirmLogout] = useState<false | 'plain' | 'drafts'>(false);
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const role = getRole();
  const entries = isRole(role) ? MENU_BY_ROLE[role] : [];

  useEffect(() => {
    if (me.isError) {
      clearSession();
      navigate('/login', { replace: true });
    }
  }, [me.isError, navigate]);

  useEffect(close, [location.pathname, close]);

  const endSession = useLogout();
  const logout = async () => {
    setConfirmLogout(false);
    await endSession();
  };

  const name = me.data?.full_name ?? getStoredName();
  return (
    <>
      <ActionIcon onClick={open} size={44} radius="xl" variant="filled" aria-label="Abrir menú">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </ActionIcon>
      <Drawer
        opened={opened}
        onClose={close}
        size={300}
        padding="md"
        title="Menú"
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
      >
        <Stack gap={4} align="center" mb="md">
          <Avatar size={72} radius="xl" color="blue" variant="filled" src={photoUrl(me.data?.photo)} alt={name}>
            {initials(name)}
          </Avatar>
          <Text fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {welcomeLine(me.data?.gender, role)}
          </Text>
        </Stack>
        <Divider mb="sm" />
        <nav aria-label="Menú principal">
          {entries.map((entry) => {
            const active = isActive(entry.path, location.pathname);
            return (
              <NavLink
                key={entry.path}
                label={entry.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                href={`/app${entry.path}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(entry.path);
                }}
              />
            );
          })}
          <Divider my="sm" />
          <NavLink
            component="button"
            type="button"
            label="Cerrar sesión"
            c="red"
            onClick={() => {
              close();
              setConfirmLogout(logoutDiscardsDrafts() ? 'drafts' : 'plain');
            }}
          />
        </nav>
      </Drawer>
      <ConfirmDialog
        opened={confirmLogout !== false}
        title={MSG.logoutTitle}
        message={confirmLogout === 'drafts' ? LOGOUT_WITH_DRAFTS : MSG.logoutText}
        confirmLabel={confirmLogout === 'drafts' ? 'Descartar y cerrar sesión' : 'Cerrar sesión'}
        cancelLabel="Cancelar"
        danger
        onConfirm={logout}
        onCancel={() => setConfirmLogout(false)}
      />
    </>
  );
}
