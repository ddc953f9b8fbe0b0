import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from '../components/BrandMark';
import { LoginForm } from '../components/LoginForm';

/** /login: the product's front door, centred on a soft background on every screen size. */
export default function LoginPage() {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(160deg, var(--mantine-color-blue-light) 0%, var(--mantine-color-body) 55%)',
      }}
    >
      <Stack w="100%" maw={420} gap="md">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack align="center" gap={6} mb="lg">
            <BrandMark />
            <Title order={1} fz={{ base: 24, sm: 28 }} ta="center" mt="xs">Atributos de egreso</Title>
            <Text c="dimmed" size="sm" ta="center">
              Inicia sesión para dar seguimiento a los atributos de egreso de tu programa.
            </Text>
          </Stack>
          <LoginForm />
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          Acceso para administradores, jefes de división, profesores y alumnos.
        </Text>
      </Stack>
    </Box>
  );
}
