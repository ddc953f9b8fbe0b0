import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABEL, isRole, type PublicUser } from '@egreso/domain';
import { initials, photoUrl } from '../../../lib/avatar';

interface Props {
  user: PublicUser;
  onEditProfile: () => void;
  onChangePassword: () => void;
}

/** Avatar (initials without a photo), name, e-mail and role, with the two account actions. */
export function ProfileCard({ user, onEditProfile, onChangePassword }: Props) {
  const name = user.full_name || user.name || '';
  const careers = user.user_careers.map((uc) => uc.career.name);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Perfil">
      <Stack align="center" gap={6}>
        <Avatar src={photoUrl(user.photo)} alt={name} size={96} radius={96} color="blue" variant="filled">
          {initials(name)}
        </Avatar>
        <Title order={3} ta="center" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {name || 'Sin nombre'}
        </Title>
        <Text c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {user.email || 'Sin correo'}
        </Text>
        {isRole(user.rol) ? <Badge variant="light">{ROLE_LABEL[user.rol]}</Badge> : null}
        {careers.length > 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {careers.join(' · ')}
          </Text>
        ) : null}
      </Stack>
      <Group grow mt="lg" gap="sm" preventGrowOverflow={false} wrap="wrap">
        <Button variant="filled" onClick={onEditProfile}>
          Editar perfil
        </Button>
        <Button variant="light" onClick={onChangePassword}>
          Cambiar contraseña
        </Button>
      </Group>
    </Card>
  );
}
