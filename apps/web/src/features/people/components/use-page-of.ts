import { useState } from 'react';

/**
 * The list page, back to 1 whenever the filters (as one key) change, without a render on the old page. The page is
 * forgotten on the change (not only hidden), so returning to earlier filters ('Ver todos los alumnos') starts at 1 too.
 */
export function usePageOf(filterKey: string) {
  const [state, setState] = useState({ key: filterKey, page: 1 });
  if (state.key !== filterKey) setState({ key: filterKey, page: 1 });
  const current = state.key === filterKey ? state.page : 1;
  return { current, set: (page: number) => setState({ key: filterKey, page }) };
}
