import { Card, Text } from '@mantine/core';
import { Link } from 'react-router';

interface Props {
  label: string;
  value: React.ReactNode;
  /** When given, the whole card links to that screen. */
  to?: string;
  hint?: string;
}

/** A summary card: a small label over a large value. */
export function StatCard({ label, value, to, hint }: Props) {
  // Names and dates are longer than counts: a smaller size keeps them on one or two lines in a phone's half-width card.
  const size = typeof value === 'number' || String(value).length <= 4 ? 28 : 20;
  const body = (
    <>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={size} fw={700} lh={1.25} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </>
  );
  // A linked card is named by what it shows (label, value, hint), as WCAG 2.5.3 asks.
  if (to) {
    return (
      <Card withBorder radius="md" padding="lg" component={Link} to={to}>
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      {body}
    </Card>
  );
}
