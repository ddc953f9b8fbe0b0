import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVIDENCE_MSG, type CurriculumMapAnswer } from '@egreso/domain';
import { mockApi, renderWithProviders, signIn } from '../../../test/render';
import { setPhone } from '../../../test/viewport';
import CurriculumMapPage from './CurriculumMapPage';

const period = { period_id: 2, period_name: 'AGO-DIC 2026', start_date: '2026-08-01' };
const map: CurriculumMapAnswer = {
  career: { id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' },
  period,
  attributes: [
    {
      attribute_id: 7,
      attribute_name: 'Análisis de problemas',
      codigo: 'AE1',
      shared: false,
      levels: { I: 1, M: 1, A: 1 },
      missing_levels: [],
      graded_activities: 4,
    },
    {
      attribute_id: 8,
      attribute_name: 'Ética profesional',
      codigo: null,
      shared: false,
      levels: { I: 0, M: 1, A: 0 },
      missing_levels: ['I', 'A'],
      graded_activities: 0,
    },
  ],
  subjects: [
    {
      subject_id: 12,
      subject_key: 'MAT-1',
      subject_name: 'Cálculo Diferencial',
      semester: 1,
      levels: [{ attribute_id: 7, knowledge_level: 'I' }],
    },
    {
      subject_id: 13,
      subject_key: 'FIS-1',
      subject_name: 'Física',
      semester: 2,
      levels: [
        { attribute_id: 7, knowledge_level: 'M' },
        { attribute_id: 8, knowledge_level: 'M' },
      ],
    },
    {
      subject_id: 14,
      subject_key: 'ISC-9',
      subject_name: 'Proyecto integrador',
      semester: null,
      levels: [{ attribute_id: 7, knowledge_level: 'A' }],
    },
  ],
};

const catalogue = {
  'GET /mis-carreras': { body: [{ id: 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' }] },
  'GET /periods': {
    body: {
      data: [
        { id: 1, period_name: 'ENE-JUN 2026', is_active: 0 },
        { id: 2, period_name: 'AGO-DIC 2026', is_active: 1 },
      ],
      meta: { current_page: 1, last_page: 1, total: 2, per_page: 100 },
    },
  },
};

function renderPage() {
  signIn({ id: 3, full_name: 'Jefa Demo', rol: 1 });
  return renderWithProviders(<CurriculumMapPage />, { route: '/CurriculumMap' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setPhone(false);
});

describe('CurriculumMapPage', () => {
  it("opens on the chief's one career and the active period, shows the loading text, the gaps and the matrix with its counts", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockApi({
      ...catalogue,
      'GET /reportes/mapa-curricular': async () => {
        await gate;
        return { body: map };
      },
    });
    renderPage();
    expect(await screen.findByText(EVIDENCE_MSG.loadingMap)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/reportes/mapa-curricular').map((c) => Object.fromEntries(c.query))).toEqual(
      [{ career_id: '1', period_id: '2' }],
    );
    release();

    const gaps = await screen.findByRole('region', { name: 'Brechas del mapa curricular' });
    const items = within(gaps).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      `Ética profesional: Ninguna materia lo trabaja en los niveles I y A. ${EVIDENCE_MSG.noGradedActivity('AGO-DIC 2026')}`,
    );

    const table = screen.getByRole('table', { name: /Mapa curricular/ });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Clave',
      'Materia',
      'Semestre',
      'AE1Análisis de problemas',
      'Ética profesional',
    ]);
    expect(headers[3]).toHaveAttribute('title', 'Análisis de problemas');
    const rows = within(table).getAllByRole('row').slice(1, 4);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Cálculo Diferencial',
      'Física',
      'Proyecto integrador',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['FIS-1', '2', 'MMedio', 'MMedio']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MAT-1', '1', 'IIntroductorio', '']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ISC-9', '-', 'AAvanzado', '']);
    expect(within(table).getByRole('row', { name: /nivel Introductorio/ })).toHaveTextContent(
      'Materias en nivel Introductorio (I)10',
    );
    expect(within(table).getByRole('row', { name: /nivel Medio/ })).toHaveTextContent('Materias en nivel Medio (M)11');
    expect(within(table).getByRole('row', { name: /nivel Avanzado/ })).toHaveTextContent(
      'Materias en nivel Avanzado (A)10',
    );
  });

  it('asks for another period, and says when there is no gap', async () => {
    const full = {
      ...map,
      period: { ...period, period_id: 1, period_name: 'ENE-JUN 2026' },
      attributes: [map.attributes[0]!],
    };
    const calls = mockApi({ ...catalogue, 'GET /reportes/mapa-curricular': { body: full } });
    const r = renderPage();
    await screen.findByRole('table', { name: /Mapa curricular/ });
    await r.user.click(screen.getByRole('textbox', { name: 'Periodo' }));
    await r.user.click(await screen.findByRole('option', { name: 'ENE-JUN 2026' }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.path === '/reportes/mapa-curricular').at(-1)!.query)).toEqual({
        career_id: '1',
        period_id: '1',
      }),
    );
    expect(
      await screen.findByText(
        'Cada atributo se trabaja en los tres niveles y tiene actividades calificadas en ENE-JUN 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('a phone gets a card per subject listing attribute and level', async () => {
    setPhone(true);
    mockApi({ ...catalogue, 'GET /reportes/mapa-curricular': { body: map } });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Mapa curricular por materia' });
    const cards = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('FIS-1 · FísicaSemestre 2AE1: MedioÉtica profesional: Medio');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason on a failure", async () => {
    mockApi({
      ...catalogue,
      'GET /reportes/mapa-curricular': { status: 403, body: { message: EVIDENCE_MSG.notYourCareer } },
    });
    renderPage();
    expect(await screen.findByText(`${EVIDENCE_MSG.mapError} ${EVIDENCE_MSG.notYourCareer}`)).toBeInTheDocument();
  });

  it('says when the career has no subjects', async () => {
    mockApi({ ...catalogue, 'GET /reportes/mapa-curricular': { body: { ...map, subjects: [] } } });
    renderPage();
    expect(await screen.findByText(EVIDENCE_MSG.noSubjects)).toBeInTheDocument();
  });
});
