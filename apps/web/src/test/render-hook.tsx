import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, type RenderHookResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createTestQueryClient } from './render';

/**
 * Renders a screen's state hook inside a fresh query client (no retries) and a memory router, the providers its
 * queries and links need; pair it with `mockApi` for the answers.
 */
export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  options: { initialProps?: Props; route?: string } = {},
): RenderHookResult<Result, Props> & { queryClient: ReturnType<typeof createTestQueryClient> } {
  const queryClient = createTestQueryClient();
  const rendered = renderHook(hook, {
    initialProps: options.initialProps,
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
  return { ...rendered, queryClient };
}
