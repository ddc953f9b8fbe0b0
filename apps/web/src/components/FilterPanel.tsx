import { Button, Card, Collapse } from '@mantine/core';
import { useIsMobile } from '../lib/use-is-mobile';

interface Props {
  /** Some filter is applied (the phone's toggle says so). */
  active: boolean;
  /** Whether the phone's panel is open; the page hides its floating button meanwhile. */
  open: boolean;
  onToggle: () => void;
  children: React.ReactNode;
}

/** The filters in a card; on a phone behind a 'Filtros' toggle. */
export function FilterPanel({ active, open, onToggle, children }: Props) {
  const isMobile = useIsMobile();
  const panel = (
    <Card withBorder radius="md" padding="md" mb="md">
      {children}
    </Card>
  );
  if (!isMobile) return panel;
  return (
    <>
      <Button variant="default" fullWidth mb="sm" onClick={onToggle} aria-expanded={open}>
        {open ? 'Ocultar filtros' : `Filtros${active ? ' (aplicados)' : ''}`}
      </Button>
      <Collapse in={open}>{panel}</Collapse>
    </>
  );
}
