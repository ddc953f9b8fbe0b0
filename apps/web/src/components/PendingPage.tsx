import { Alert } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A screen of the route table whose area has not been delivered yet: it names itself and says so. */
export function PendingPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="blue" title="Sección en preparación">
        Esta sección todavía no está disponible. Usa el menú para ir a otra pantalla.
      </Alert>
    </>
  );
}
