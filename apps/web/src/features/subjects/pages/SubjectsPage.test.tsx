import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attribute, Semester, SubjectListItem as Subject } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn, type MockReply } from '../../../test/render';
import SubjectsPage from './SubjectsPage';

const stamp = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
const SEMESTERS: Semester[] = [
  { id: 1, semester_name: 'Primer semestre' },
  { id: 2, semester_name: 'Segundo semestre' },
];
const ATTRIBUTE: Attribute = {
  id: 4,
  attribute_name: 'Diseño en ingeniería',
  description: 'd',
  codigo: 'AE2',
  career_id: 1,
  career: { id: 1, name: 'Sistemas' },
  ...stamp,
};
const CALCULO: Subject = {
  id: 10,
  subject_name: 'Cálculo Diferencial',
  subject_key: 'ACF-0901',
  theory_credits: 3,
  practice_credits: 2,
  prerequisites: [],
  semesters: [{ id: 1, semester_name: 'Primer semestre' }],
  careers: [],
  attributes: [
    {
      id: 4,
      attribute_name: 'Diseño en ingeniería',
      description: 'd',
      codigo: 'AE2',
      career_id: 1,
      career: { id: 1, name: 'Sistemas' },
      knowledge_level: 'M',
      pivot: { knowledge_level: 'M' },
    },
  ],
  can_edit: true,
  ...stamp,
};
const PROGRAMACION: Subject = {
  id: 11,
  subject_name: 'Fundamentos de Programación',
  subject_key: 'SCD-1008',
  theory_credits: 2,
  practice_credits: 3,
  prerequisites: [],
  semesters: [],
  careers: [],
  attributes: [],
  can_edit: true,
  ...stamp,
};

const SISTEMAS = { id: 1, career_key: 'ISC', name: 'Sistemas' };
const INDUSTRIAL = { id: 2, career_key: 'IIN', name: 'Industrial' };
/** GET /mis-carreras of a chief of the given careers. */
const chiefOf = (careers: (typeof SISTEMAS)[]): MockReply => ({ body: careers });

/** The careers chosen on a form (the pills of its 'Carreras' field). */
const chosen = (form: HTMLElement) => [...form.querySelectorAll('.mantine-MultiSelect-pill')].map((p) => p.textContent);

function renderPage(subjects: Subject[], mine: MockReply = { body: [] }) {
  const calls = mockApi({
    'GET /mis-carreras': mine,
    'GET /subjects': { body: subjects },
    'GET /semesters': { body: SEMESTERS },
    'GET /careers': { body: [SISTEMAS, INDUSTRIAL] },
    'GET /attributes': { body: [ATTRIBUTE] },
    'POST /subjects': { status: 201, body: PROGRAMACION },
  });
  signIn({ id: 2, full_name: 'Jefe', rol: 1 });
  return { calls, ...renderWithProviders(<SubjectsPage />, { route: '/Subjects' }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('SubjectsPage', () => {
  it("lists credits as 'T n | P n', attributes as 'name (level)' and the empty texts", async () => {
    renderPage([CALCULO, PROGRAMACION]);
    expect(await screen.findByText('T 3 | P 2')).toBeInTheDocument();
    expect(screen.getByText('Diseño en ingeniería (M)')).toBeInTheDocument();
    expect(screen.getByText('Sin atributos')).toBeInTheDocument();
    expect(screen.getByText('Sin semestres')).toBeInTheDocument();
  });

  it('shows the empty text when there are no subjects', async () => {
    renderPage([]);
    expect(await screen.findByText('No hay materias registradas.')).toBeInTheDocument();
  });

  it('leaves out of the prerequisite options the subject whose key is being typed', async () => {
    const r = renderPage([CALCULO, PROGRAMACION]);
    await screen.findByText('T 3 | P 2');
    const prerequisites = screen.getAllByRole('textbox', { name: 'Prerrequisitos' })[0]!;
    await r.user.click(prerequisites);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'ACF-0901 · Cálculo Diferencial',
      'SCD-1008 · Fundamentos de Programación',
    ]);
    await r.user.keyboard('{Escape}');

    await r.user.type(screen.getByLabelText(/^Clave/), 'scd-1008');
    await r.user.click(prerequisites);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'ACF-0901 · Cálculo Diferencial',
    ]);
  });

  it('asks for the required fields, then sends prerequisites as ids and omits empty careers and attributes', async () => {
    const r = renderPage([CALCULO]);
    await screen.findByText('T 3 | P 2');
    await r.user.click(screen.getByRole('button', { name: 'Registrar materia' }));
    expect(await screen.findByText('Por favor, llena todos los campos requeridos.')).toBeInTheDocument();

    await r.user.type(screen.getByLabelText(/^Nombre de la materia/), 'Cálculo Integral');
    await r.user.type(screen.getByLabelText(/^Clave/), 'ACF-0902');
    await r.user.type(screen.getByLabelText(/^Créditos de teoría/), '3');
    await r.user.type(screen.getByLabelText(/^Créditos de práctica/), '2');
    await r.user.click(screen.getAllByRole('textbox', { name: 'Prerrequisitos' })[0]!);
    await r.user.click(await screen.findByRole('option', { name: 'ACF-0901 · Cálculo Diferencial' }));
    await r.user.click(screen.getByRole('button', { name: 'Registrar materia' }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.method === 'POST')?.body).toEqual({
        subject_name: 'Cálculo Integral',
        subject_key: 'ACF-0902',
        theory_credits: 3,
        practice_credits: 2,
        prerequisites: [10],
        semesters: [],
      }),
    );
  });

  it('keeps credits as typed, states the 0-30 range and refuses more than two decimals or an out-of-range value with a message', async () => {
    const r = renderPage([CALCULO]);
    await screen.findByText('T 3 | P 2');
    const theory = screen.getByLabelText(/^Créditos de teoría/);
    const practice = screen.getByLabelText(/^Créditos de práctica/);
    expect(theory).toHaveAccessibleDescription('Número de 0 a 30 (admite decimales, p. ej. 4.5).');
    await r.user.type(screen.getByLabelText(/^Nombre de la materia/), 'Ética');
    await r.user.type(screen.getByLabelText(/^Clave/), 'ETI-01');
    await r.user.type(theory, '2.555');
    await r.user.click(practice);
    await r.user.paste('31');
    expect(theory).toHaveValue('2.555');
    expect(practice).toHaveValue('31');
    await r.user.click(screen.getByRole('button', { name: 'Registrar materia' }));
    expect(
      await screen.findByText('Los créditos de teoría deben ser un número entre 0 y 30, con hasta dos decimales.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Los créditos de práctica deben ser un número entre 0 y 30, con hasta dos decimales.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Por favor, llena todos los campos requeridos.')).not.toBeInTheDocument();
    expect(r.calls.some((c) => c.method === 'POST')).toBe(false);

    // Correcting a field clears its message only.
    await r.user.clear(theory);
    await r.user.type(theory, '4.5');
    expect(
      screen.queryByText('Los créditos de teoría deben ser un número entre 0 y 30, con hasta dos decimales.'),
    ).not.toBeInTheDocument();
    expect(
      screen.getByText('Los créditos de práctica deben ser un número entre 0 y 30, con hasta dos decimales.'),
    ).toBeInTheDocument();
  });

  it('sends decimal credits ("numeric 0 to 30"): 4.5 and a decimal comma', async () => {
    const r = renderPage([CALCULO]);
    await screen.findByText('T 3 | P 2');
    await r.user.type(screen.getByLabelText(/^Nombre de la materia/), 'Ética');
    await r.user.type(screen.getByLabelText(/^Clave/), 'ETI-01');
    await r.user.type(screen.getByLabelText(/^Créditos de teoría/), '4.5');
    await r.user.type(screen.getByLabelText(/^Créditos de práctica/), '1,5');
    await r.user.click(screen.getByRole('button', { name: 'Registrar materia' }));
    await waitFor(() =>
      expect(r.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        theory_credits: 4.5,
        practice_credits: 1.5,
      }),
    );
  });

  it('searches by name or key ignoring accents both ways', async () => {
    const etica: Subject = { ...PROGRAMACION, id: 12, subject_name: 'Ética profesional', subject_key: 'ETI-0101' };
    const r = renderPage([CALCULO, etica]);
    await screen.findByText('Ética profesional');
    const search = screen.getByRole('textbox', { name: 'Buscar materia' });
    await r.user.type(search, 'etica');
    expect(screen.getByText('Ética profesional')).toBeInTheDocument();
    expect(screen.queryByText('Cálculo Diferencial')).not.toBeInTheDocument();
    await r.user.clear(search);
    await r.user.type(search, 'CÁLCULO');
    expect(screen.getByText('Cálculo Diferencial')).toBeInTheDocument();
    expect(screen.queryByText('Ética profesional')).not.toBeInTheDocument();
  });

  it("disables 'Editar' and 'Eliminar' on the subjects the chief may not change, saying why", async () => {
    const own = { ...PROGRAMACION, careers: [SISTEMAS], can_edit: true };
    const shared = { ...CALCULO, careers: [SISTEMAS, INDUSTRIAL], can_edit: false };
    const loose = { ...PROGRAMACION, id: 12, subject_name: 'Ética', subject_key: 'ETI-01', can_edit: false };
    const other = {
      ...PROGRAMACION,
      id: 13,
      subject_name: 'Estática',
      subject_key: 'EST-01',
      careers: [INDUSTRIAL],
      can_edit: false,
    };
    const r = renderPage([own, shared, loose, other], chiefOf([SISTEMAS]));
    await screen.findByText('T 3 | P 2');
    const edit = (name: string) => screen.getByRole('button', { name: `Editar ${name}` });
    const remove = (name: string) => screen.getByRole('button', { name: `Eliminar ${name}` });

    expect(edit(own.subject_name)).not.toHaveAttribute('aria-disabled');
    const reasons: Record<string, string> = {
      [shared.subject_name]: 'La cambia el administrador: también pertenece a otra carrera.',
      [loose.subject_name]: 'La cambia el administrador: no pertenece a ninguna carrera.',
      [other.subject_name]: 'Pertenece a una carrera que no diriges.',
    };
    await waitFor(() => expect(edit(other.subject_name)).toHaveAccessibleDescription(reasons[other.subject_name]!));
    for (const [name, reason] of Object.entries(reasons)) {
      expect(edit(name)).toHaveAttribute('aria-disabled', 'true');
      expect(remove(name)).toHaveAttribute('aria-disabled', 'true');
      expect(edit(name)).toHaveAccessibleDescription(reason);
    }

    await r.user.hover(edit(shared.subject_name));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reasons[shared.subject_name]!);
    await r.user.click(edit(shared.subject_name));
    await r.user.click(remove(shared.subject_name));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await r.user.click(edit(own.subject_name));
    expect(await screen.findByRole('dialog', { name: 'Editar materia' })).toBeInTheDocument();
  });

  it("chooses a chief's only career on a new subject, and again after registering one", async () => {
    const r = renderPage([CALCULO], chiefOf([SISTEMAS]));
    await screen.findByText('T 3 | P 2');
    const form = screen.getByRole('button', { name: 'Registrar materia' }).closest('form')!;
    await waitFor(() => expect(chosen(form)).toEqual(['ISC · Sistemas']));
    await r.user.type(screen.getByLabelText(/^Nombre de la materia/), 'Ética');
    await r.user.type(screen.getByLabelText(/^Clave/), 'ETI-01');
    await r.user.type(screen.getByLabelText(/^Créditos de teoría/), '2');
    await r.user.type(screen.getByLabelText(/^Créditos de práctica/), '2');
    await r.user.click(screen.getByRole('button', { name: 'Registrar materia' }));
    await waitFor(() => expect(r.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ careers: [1] }));
    await waitFor(() => expect(screen.getByLabelText(/^Nombre de la materia/)).toHaveValue(''));
    expect(chosen(form)).toEqual(['ISC · Sistemas']);
  });

  it('chooses no career for a chief of two careers', async () => {
    const r = renderPage([CALCULO], chiefOf([SISTEMAS, INDUSTRIAL]));
    await screen.findByText('T 3 | P 2');
    await waitFor(() => expect(r.calls.some((c) => c.path === '/mis-carreras')).toBe(true));
    const form = screen.getByRole('button', { name: 'Registrar materia' }).closest('form')!;
    expect(chosen(form)).toEqual([]);
  });
});
