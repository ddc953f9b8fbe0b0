import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AttributeSelect } from './report-filters';

const attribute = (id: number, codigo: string | null, attribute_name: string, career_id: number | null = 1) => ({
  id,
  codigo,
  attribute_name,
  career_id,
});

describe('AttributeSelect', () => {
  it('lists the attributes by code (AE2 before AE10), those without a code last by name, a shared one labelled', async () => {
    // As a name order would give them: AE6, AE4, AE2, AE5, AE3, AE1, AE10.
    const attributes = [
      attribute(1, 'AE6', 'Análisis'),
      attribute(2, 'AE4', 'Comunicación'),
      attribute(3, 'AE2', 'Diseño'),
      attribute(4, 'AE5', 'Ética', null),
      attribute(5, 'AE3', 'Experimentación'),
      attribute(6, 'AE1', 'Ingeniería'),
      attribute(7, 'AE10', 'Liderazgo'),
      attribute(8, null, 'Trabajo en equipo'),
      attribute(9, null, 'Aprendizaje autónomo', null),
    ];
    const { user } = renderWithProviders(
      <AttributeSelect attributes={attributes} allLabel="Todos los atributos" value="all" onChange={vi.fn()} />,
    );
    await user.click(screen.getByRole('textbox', { name: 'Atributo' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos los atributos',
      'AE1 · Ingeniería',
      'AE2 · Diseño',
      'AE3 · Experimentación',
      'AE4 · Comunicación',
      'AE5 · Ética (compartido)',
      'AE6 · Análisis',
      'AE10 · Liderazgo',
      'Aprendizaje autónomo (compartido)',
      'Trabajo en equipo',
    ]);
  });
});
