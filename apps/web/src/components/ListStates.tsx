import { Alert, Text } from '@mantine/core';
import { PageLoader } from './PageLoader';

interface Props {
  loading: boolean;
  loadingText?: string;
  error: string | null;
  empty: boolean;
  emptyText: string;
  children: React.ReactNode;
}

/** A list's loading text, load error, empty text, or the list itself (ResponsiveTable uses it; so do lists of cards). */
export function ListStates({ loading, loadingText, error, empty, emptyText, children }: Props) {
  if (loading) return <PageLoader text={loadingText} />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  return <>{children}</>;
}
