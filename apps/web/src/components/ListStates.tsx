import { Alert, Text } from '@mantine/core';
import { PageLoader } from './PageLoader';

interface Props {
  loading: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
  children: React.ReactNode;
}

/** A list's loading text, load error, empty text, or the list itself. */
export function ListStates({ loading, error, empty, emptyText, children }: Props) {
  if (loading) return <PageLoader />;
  if (error) return <Alert color="red" role="alert">{error}</Alert>;
  if (empty) return <Text c="dimmed" ta="center" py="lg">{emptyText}</Text>;
  return <>{children}</>;
}
