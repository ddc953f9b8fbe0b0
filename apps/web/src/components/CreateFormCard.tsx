import { Alert, Button, Card, Group, Title } from '@mantine/core';

interface Props {
  /** 'Nuevo atributo', 'Nueva asignación'. */
  title: string;
  /** 'Registrar atributo', 'Asignar materia'. */
  submitLabel: string;
  onSubmit: (e: React.FormEvent) => void;
  saving: boolean;
  /** The form's message (a failed save), below the fields. */
  failure: string | null;
  /** The lists the fields choose from that failed to load, one alert each, below the fields. */
  loadErrors?: readonly string[];
  children: React.ReactNode;
}

/**
 * A catalogue's inline create form: a card titled 'Nuevo …' with the fields, the failures below them and the submit
 * button at the right. The browser's own validation is off (the domain schema validates).
 */
export function CreateFormCard({ title, submitLabel, onSubmit, saving, failure, loadErrors = [], children }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" mb="xl" component="form" onSubmit={onSubmit} noValidate>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
      {loadErrors.map((m) => (
        <Alert key={m} color="red" mt="sm">
          {m}
        </Alert>
      ))}
      {failure ? (
        <Alert color="red" mt="sm" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </Card>
  );
}
