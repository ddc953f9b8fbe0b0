import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { setPhone } from '../test/viewport';
import { ResponsiveTable, type Column } from './ResponsiveTable';

interface Row {
  id: number;
  key: string;
  name: string;
}
const rows: Row[] = [
  { id: 1, key: 'ISC', name: 'Ingeniería en Sistemas' },
  { id: 2, key: 'IND', name: 'Ingeniería Industrial' },
];
const columns: Column<Row>[] = [
  { key: 'key', header: 'Clave', cell: (r) => r.key, cardCell: (r) => `Carrera ${r.key}`, card: 'title' },
  { key: 'name', header: 'Nombre', cell: (r) => r.name },
  { key: 'actions', header: 'Acciones', cell: (r) => <Button size="xs">{`Editar ${r.key}`}</Button>, card: 'actions' },
];

afterEach(() => setPhone(false));

describe('ResponsiveTable', () => {
  it('renders a table with one header per column on a desktop', () => {
    setPhone(false);
    renderWithProviders(
      <ResponsiveTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="Nada" label="Carreras" />,
    );
    const table = screen.getByRole('table', { name: 'Carreras' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Clave', 'Nombre', 'Acciones']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Editar IND' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'ISC' })).toBeInTheDocument();
  });

  it('renders one card per row on a phone, labelling the label columns', () => {
    setPhone(true);
    renderWithProviders(
      <ResponsiveTable rows={rows} columns={columns} rowKey={(r) => r.id} emptyText="Nada" label="Carreras" />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Carreras' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Carrera ISC');
    expect(cards[0]).toHaveTextContent('Nombre: Ingeniería en Sistemas');
    expect(cards[0]).not.toHaveTextContent('Acciones');
    expect(within(cards[1]!).getByRole('button', { name: 'Editar IND' })).toBeInTheDocument();
  });

  it('shows the loading text, the load error or the empty text instead of rows', () => {
    const first = renderWithProviders(
      <ResponsiveTable
        rows={undefined}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No hay carreras."
        loading
        loadingText="Cargando carreras..."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cargando carreras...');
    first.unmount();
    const second = renderWithProviders(
      <ResponsiveTable
        rows={undefined}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText="No hay carreras."
        error="Error al cargar carreras"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar carreras');
    second.unmount();
    renderWithProviders(
      <ResponsiveTable rows={[]} columns={columns} rowKey={(r) => r.id} emptyText="No hay carreras." />,
    );
    expect(screen.getByText('No hay carreras.')).toBeInTheDocument();
  });

  it('pages with Anterior and Siguiente, disabled at the ends', async () => {
    const onPage = vi.fn();
    function Paged() {
      const [page, setPage] = useState(1);
      return (
        <ResponsiveTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.id}
          emptyText="Nada"
          paging={{
            page,
            lastPage: 2,
            onPageChange: (p) => {
              onPage(p);
              setPage(p);
            },
            summary: 'Total: 4',
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Paged />);
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByText('Total: 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });
});
