import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../test/render';
import AdminDashboardPage from './AdminDashboardPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const careers = [1, 2, 3].map((id) => ({ id, career_key: `C${id}`, name: `Carrera ${id}`, ...stamp }));
const chief = (id: number) => ({
  id,
  full_name: `Jefe ${id}`,
  name: `Jefe ${id}`,
  email: `j${id}@demo.edu.mx`,
  rol: 1,
  role: 1,
  controlnumber: `J${id}`,
  gender: 1,
  photo: null,
  ...stamp,
  user_careers: [],
});

function renderPage() {
  signIn({ id: 1, full_name: 'Admin Demo', rol: 0 });
  return renderWithProviders(<AdminDashboardPage />, { route: '/AdminDashboard' });
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminDashboardPage', () => {
  it('shows the two count cards linking to their screens, and the quick links', async () => {
    mockApi({ 'GET /careers': { body: careers }, 'GET /users': { body: [chief(7), chief(8)] } });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Panel de administración' })).toBeInTheDocument();
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Total de carreras\s*3\s*Ver carreras$/ })).toHaveAttribute(
      'href',
      '/Admin/Careers',
    );
    expect(
      screen.getByRole('link', { name: /^Total de jefes de división\s*2\s*Ver jefes de división$/ }),
    ).toHaveAttribute('href', '/Admin/Jefes');
    expect(screen.getByRole('link', { name: 'Gestionar carreras' })).toHaveAttribute('href', '/Admin/Careers');
    expect(screen.getByRole('link', { name: 'Gestionar jefes de división' })).toHaveAttribute('href', '/Admin/Jefes');
    expect(screen.getByRole('link', { name: 'Evidencia por generación' })).toHaveAttribute('href', '/ReportEvidence');
    expect(screen.getByRole('link', { name: 'Mapa curricular' })).toHaveAttribute('href', '/CurriculumMap');
  });

  it("shows 'Error al cargar los datos del dashboard' when a count fails", async () => {
    mockApi({ 'GET /careers': { body: careers }, 'GET /users': { status: 500, body: { message: 'x' } } });
    renderPage();
    expect(await screen.findByText('Error al cargar los datos del dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Total de carreras/ })).not.toBeInTheDocument();
  });
});
