import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Breakable } from './AccessSlips';
import { CredentialsModal } from './CredentialsModal';

const IMPORTED = [
  { full_name: 'Juan Pérez López', email: 'l26019999@demo.edu.mx', initial_password: 'a2b3c4d5e6f7g8' },
  { full_name: 'Juan Pérez López', email: 'l26019998@demo.edu.mx', initial_password: 'h9j2k3m4n5p6q7' },
  { full_name: 'Rosa Lima', email: 'rosa@demo.edu.mx', initial_password: 'r2s3t4u5v6w7x8' },
];

describe('CredentialsModal', () => {
  it("lists an import's one-time passwords once and prints one access slip per person", async () => {
    const onClose = vi.fn();
    const r = renderWithProviders(
      <CredentialsModal credentials={IMPORTED} message="3 registros importados." onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '3 registros importados.' });
    const table = within(dialog).getByRole('table', { name: 'Contraseñas de un solo uso' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(dialog).getByText(/solo se muestran esta vez/)).toBeInTheDocument();
    const slips = [...document.querySelectorAll('.access-slips .access-slip')];
    expect(slips.map((s) => s.querySelector('.access-slip-password')?.textContent)).toEqual(
      IMPORTED.map((c) => c.initial_password),
    );
    expect(slips[1]).toHaveTextContent('l26019998@demo.edu.mx');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await r.user.click(within(dialog).getByRole('button', { name: 'Imprimir hojas de acceso' }));
    expect(print).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    await r.user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('renders nothing without credentials', () => {
    renderWithProviders(<CredentialsModal credentials={[]} message="x" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.access-slips')).toBeNull();
  });
});

describe('Breakable', () => {
  it('lets a long address wrap before its @ and after its dots, keeping its text whole', () => {
    const email = 'maria.fernanda.gonzalez-lopez@alumnos.ingenieria.edu.mx';
    const { container } = renderWithProviders(
      <p>
        <Breakable text={email} />
      </p>,
    );
    const p = container.querySelector('p')!;
    expect(p.textContent).toBe(email);
    expect(p.innerHTML.split('<wbr>').map((part) => part.replace(/<[^>]*>/g, ''))).toEqual([
      'maria.',
      'fernanda.',
      'gonzalez-',
      'lopez',
      '@alumnos.',
      'ingenieria.',
      'edu.',
      'mx',
    ]);
  });
});
