import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENROLMENT_MSG, ROLE, TIMINGS } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { SELECTION_TEXT } from '../selection-text';
import SelectionPage from './SelectionPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The delays the screen asked timers for: the dialog's own close is one of them. */
const timerDelays = () => {
  const spy = vi.spyOn(globalThis, 'setTimeout');
  return () => spy.mock.calls.map(([, ms]) => ms);
};

const subjects = [
  { id: 1, subject_name: 'Álgebra', subject_key: 'ALG', inscrita: true, bloqueada: false, motivo_bloqueo: null },
  { id: 2, subject_name: 'Cálculo', subject_key: 'CAL', inscrita: false, bloqueada: false, motivo_bloqueo: null },
  {
    id: 3,
    subject_name: 'Física',
    subject_key: 'FIS',
    inscrita: false,
    bloqueada: true,
    motivo_bloqueo: 'Falta aprobar el prerrequisito: Álgebra.',
  },
];

async function open(inscribir: { status: number; body: unknown }) {
  signIn({ id: 7, full_name: 'Ana', rol: ROLE.STUDENT });
  const calls = mockApi({
    'GET /alumno/grupos': { body: [{ id: 9, group_name: '301', semester_id: 3 }] },
    'GET /alumno/materias-disponibles': { body: subjects },
    'POST /alumno/inscribir': inscribir,
  });
  renderWithProviders(<SelectionPage />, { route: '/Selection' });
  expect(await screen.findByText(SELECTION_TEXT.pickGroup)).toBeInTheDocument();
  await userEvent.click(screen.getByPlaceholderText('Selecciona tu grupo'));
  await userEvent.click(await screen.findByRole('option', { name: '301' }));
  return calls;
}

describe('SelectionPage', () => {
  it('shows enrolled and blocked subjects disabled, and enrols the chosen one after confirming', async () => {
    const calls = await open({ status: 201, body: { message: ENROLMENT_MSG.saved } });
    const table = await screen.findByRole('table', { name: 'Materias disponibles' });
    expect(within(table).getByText('Ya inscrita')).toBeInTheDocument();
    expect(within(table).getByText('Bloqueada')).toBeInTheDocument();
    expect(within(table).getByText('Falta aprobar el prerrequisito: Álgebra.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Álgebra' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Álgebra' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Física' })).toBeDisabled();
    expect(calls.find((c) => c.path === '/alumno/materias-disponibles')!.query.get('semester_id')).toBe('3');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Cálculo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar selección' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar selección' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Inscribirme' }));
    expect(await screen.findByText(ENROLMENT_MSG.saved)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Éxito' })).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ user_id: 7, subject_id: 2, semester_id: 3, group_id: 9 }]);
  });

  it("shows the server's 409 message, closing after 2.2 s", async () => {
    await open({ status: 409, body: { message: ENROLMENT_MSG.alreadyEnrolled } });
    const delays = timerDelays();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Cálculo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar selección' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar selección' })).getByRole('button', {
        name: 'Inscribirme',
      }),
    );
    expect(await screen.findByText(ENROLMENT_MSG.alreadyEnrolled)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(delays()).toContain(TIMINGS.errorToast);
    expect(delays()).not.toContain(TIMINGS.successToast);
  });

  it('asks for a group and a subject before saving, closing that check after 1.6 s', async () => {
    await open({ status: 201, body: {} });
    await screen.findByRole('table', { name: 'Materias disponibles' });
    const delays = timerDelays();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar selección' }));
    expect(await screen.findByText(SELECTION_TEXT.required)).toBeInTheDocument();
    expect(delays()).toContain(TIMINGS.successToast);
    expect(delays()).not.toContain(TIMINGS.errorToast);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmar selección' })).not.toBeInTheDocument());
  });
});
