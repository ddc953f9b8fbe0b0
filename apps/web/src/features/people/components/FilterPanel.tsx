import { Button, Card, Collapse } from '@mantine/core';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile';

/** The filters in a card; on a phone behind a 'Filtros' toggle that says when some are applied. */
export function FilterPanel({ active, children }: { active: boolean; children: React.ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const panel = <Card withBorder radius="md" padding="md" mb="md">{children}</Card>;
  if (!isMobile) return panel;
  return (
    <>
      <Button variant="default" fullWidth mb="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? 'Ocultar filtros' : `Filtros${active ? ' (aplicados)' : ''}`}
      </Button>
      <Collapse in={open}>{panel}</Collapse>
    </>
  );
}
