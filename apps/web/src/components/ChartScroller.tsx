import type { ReactNode } from 'react';

/**
 * The horizontal scroller around a chart that keeps its 600 px minimum on a phone. It can take the keyboard focus, so
 * the part of the chart beyond the screen is reachable without a pointer (WCAG's scrollable-region rule).
 */
export function ChartScroller({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={className} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
