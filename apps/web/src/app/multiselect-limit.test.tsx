import { MultiSelect } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@egreso/domain';
import { renderWithProviders } from '../test/render';

describe('theme', () => {
  it("limits every multi-select dropdown to the spec's 1,000 options", async () => {
    const data = Array.from({ length: 1200 }, (_, i) => ({ value: String(i + 1), label: `Grupo ${i + 1}` }));
    const r = renderWithProviders(<MultiSelect label="Grupos" data={data} searchable />);
    await r.user.click(screen.getByRole('textbox', { name: 'Grupos' }));
    expect(await screen.findAllByRole('option')).toHaveLength(LIMITS.multiSelectOptions);
    await r.user.type(screen.getByRole('textbox', { name: 'Grupos' }), 'Grupo 1150');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Grupo 1150']);
  });
});
