import { Alert } from '@mantine/core';

/** A failed action's message above the fields of a form or a wizard, its lines kept (one field at fault per line). */
export function FailureAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
