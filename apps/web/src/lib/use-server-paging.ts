import { useEffect } from 'react';
import type { Paging } from '../components/ResponsiveTable';

interface PageMeta {
  current_page: number;
  last_page: number;
  total: number;
}

interface Options {
  /** The list response's page data, once loaded. */
  meta: PageMeta | undefined;
  page: number;
  setPage: (page: number) => void;
  /** While a page loads (the buttons wait). */
  fetching: boolean;
  /** The footer's noun, singular and plural: 'Total: 1 periodo', 'Total: 12 periodos'. */
  noun: readonly [string, string];
}

/**
 * The paging footer of a list the server pages ('Total: n …' at its left), none while the list is empty. A page past
 * the end (its last row deleted) steps back to the last page.
 */
export function useServerPaging({ meta, page, setPage, fetching, noun }: Options): Paging | undefined {
  useEffect(() => {
    if (meta && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page, setPage]);
  if (!meta || meta.total === 0) return undefined;
  return {
    page: meta.current_page,
    lastPage: meta.last_page,
    onPageChange: setPage,
    disabled: fetching,
    summary: `Total: ${meta.total} ${meta.total === 1 ? noun[0] : noun[1]}`,
  };
}
