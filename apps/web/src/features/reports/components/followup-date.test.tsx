import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImprovementAction } from '@egreso/domain';
import { setDisplayTimeZone } from '../../../lib/dates';
import { renderWithProviders } from '../../../test/render';
import { FollowupModal } from './ImprovementActionModals';

afterEach(() => {
  vi.useRealTimers();
  setDisplayTimeZone('America/Mexico_City');
});

const action = { id: 50, action: 'Taller de modelado' } as ImprovementAction;

async function proposedDate() {
  renderWithProviders(<FollowupModal action={action} onClose={() => {}} onSaved={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Registrar seguimiento' });
  return dialog.querySelector('input')!.value;
}

describe("'Registrar seguimiento' dates the follow-up in the institution's time zone", () => {
  it('at 7:33 p.m. of 27 November in Mexico City (28 November in UTC) it proposes 27/11/2026', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T01:33:00Z'));
    expect(await proposedDate()).toBe('27/11/2026');
  });

  it('follows the zone GET /me tells: 10:33 p.m. of 27 November in Tijuana is already the 28th in Mexico City', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T06:33:00Z'));
    setDisplayTimeZone('America/Tijuana');
    expect(await proposedDate()).toBe('27/11/2026');
  });
});
