import { Stack, Text, Title } from '@mantine/core';
import { FrontDoor } from '../../../components/FrontDoor';
import { BrandMark } from '../components/BrandMark';
import { LoginForm } from '../components/LoginForm';

/** /login: the product's front door, centred on a soft background on every screen size. */
export default function LoginPage() {
  return (
    <FrontDoor
      width={420}
      below={
        <Text size="xs" c="dimmed" ta="center">
          Acceso para administradores, jefes de división, profesores y alumnos.
        </Text>
      }
    >
      <Stack align="center" gap={6} mb="lg">
        <BrandMark />
        <Title order={1} fz={{ base: 24, sm: 28 }} ta="center" mt="xs">
          Atributos de egreso
        </Title>
        <Text c="dimmed" size="sm" ta="center">
          Inicia sesión para dar seguimiento a los atributos de egreso de tu programa.
        </Text>
      </Stack>
      <LoginForm />
    </FrontDoor>
  );
}
