import { ActionIcon, Affix, Text } from '@mantine/core';

/** The phone's floating create button (bottom right). */
export function CreateFab({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <ActionIcon
        size={56}
        radius="xl"
        onClick={onClick}
        aria-label={label}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <Text fz={30} lh={1} c="white" aria-hidden>
          +
        </Text>
      </ActionIcon>
    </Affix>
  );
}
