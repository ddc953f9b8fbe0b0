import { Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The minimum width of a bar chart: the spec's 600 px where the screen has room; on a narrower screen the chart fits
 * it while each bar keeps about 56 px, and scrolls (saying so) beyond that.
 */
export function chartMinWidth(bars: number): string {
  return `min(600px, max(100%, ${Math.max(1, bars) * 56 + 64}px))`;
}

/**
 * The horizontal scroller around a chart that keeps its 600 px minimum on a phone. It can take the keyboard focus, so
 * the part of the chart beyond the screen is reachable without a pointer (WCAG's scrollable-region rule). When the
 * chart is wider than the screen it says so: a shaded edge on the side still hidden and a line under it.
 */
export function ChartScroller({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ wider: false, atStart: true, atEnd: true });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const wider = el.scrollWidth > el.clientWidth + 1;
      const atStart = el.scrollLeft <= 1;
      const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
      setEdges((e) =>
        e.wider === wider && e.atStart === atStart && e.atEnd === atEnd ? e : { wider, atStart, atEnd },
      );
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  const shade = (side: 'left' | 'right') => ({
    position: 'absolute' as const,
    top: 0,
    bottom: 0,
    [side]: 0,
    width: 28,
    pointerEvents: 'none' as const,
    background: `linear-gradient(to ${side}, transparent, var(--mantine-color-body))`,
  });
  return (
    <div className={className}>
      <div style={{ position: 'relative' }}>
        <div ref={ref} role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
          {children}
        </div>
        {edges.wider && !edges.atStart ? <div aria-hidden style={shade('left')} /> : null}
        {edges.wider && !edges.atEnd ? <div aria-hidden style={shade('right')} /> : null}
      </div>
      {edges.wider ? (
        <Text size="xs" c="dimmed" ta="center" mt={4} data-testid="chart-scroll-hint">
          {edges.atEnd
            ? '← La gráfica es más ancha que la pantalla: deslízala para ver el inicio.'
            : 'La gráfica es más ancha que la pantalla: deslízala para ver el resto →'}
        </Text>
      ) : null}
    </div>
  );
}
