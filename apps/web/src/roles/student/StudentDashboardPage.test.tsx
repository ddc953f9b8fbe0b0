import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@egreso/domain';
import { todayLong } from '../../lib/dates';
import { mockApi, renderWithProviders, signIn } from '../../test/render';
import StudentDashboardPage from './StudentDashboardPage';

afterEach(() => vi.unstubAllGlobals());

describe('StudentDashboardPage', () => {
  it("greets the student by name with today's date in es-MX", async () => {
    signIn({ id: 40, full_name: 'Carlos Ruiz', rol: ROLE.STUDENT });
    mockApi({ 'GET /me': { body: { id: 40, full_name: 'Carlos Ruiz Soto', rol: ROLE.STUDENT } } });
    renderWithProviders(<StudentDashboardPage />, { route: '/StudentDashboard' });
    expect(await screen.findByRole('heading', { name: '¡Hola, Carlos Ruiz Soto!' })).toBeInTheDocument();
    expect(screen.getByText(todayLong())).toBeInTheDocument();
  });
});
