import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ChartScroller, chartMinWidth } from './ChartScroller';

afterEach(() => vi.restoreAllMocks());

describe('ChartScroller', () => {
  it('says when the chart is wider than the screen, and says nothing when it fits', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
    const { unmount } = renderWithProviders(
      <ChartScroller label="Gráfica de prueba">
        <div />
      </ChartScroller>,
    );
    expect(screen.getByTestId('chart-scroll-hint')).toHaveTextContent(
      'La gráfica es más ancha que la pantalla: deslízala para ver el resto →',
    );
    unmount();
    client.mockReturnValue(600);
    renderWithProviders(
      <ChartScroller label="Gráfica de prueba">
        <div />
      </ChartScroller>,
    );
    expect(screen.queryByTestId('chart-scroll-hint')).toBeNull();
  });

  it("keeps the spec's 600 px where there is room and lets a few bars fit a phone", () => {
    expect(chartMinWidth(5)).toBe('min(600px, max(100%, 344px))');
    expect(chartMinWidth(12)).toBe('min(600px, max(100%, 736px))');
  });
});
