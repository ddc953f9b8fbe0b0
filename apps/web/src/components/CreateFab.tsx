import { ActionIcon, Affix, Text } from '@mantine/core';
import { useIsMobile } from '../lib/use-is-mobile';

interface Props {
  label: string;
  onClick: () => void;
  /** Hidden while it would cover something (open filters); the room below the list stays. */
  hidden?: boolean;
}

/**
 * The phone's floating create button (bottom right), with room below the list so it does not cover the last card.
 * On a desktop nothing: the page header has the button.
 */
export function CreateFab({ label, onClick, hidden = false }: Props) {
  const isMobile = useIsMobile();
  if (!isMobile) return null;
  return (
    <>
      <div style={{ height: 80 }} />
      {hidden ? null : (
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
      )}
    </>
  );
}
