import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { colorSchemeManager, cssVariablesResolver, theme } from '../app/theme';

/** Shows the router's current path so tests can assert redirects (`currentPath()`). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" hidden>{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** The URL the router starts at (without the /app base). */
  route?: string;
  /** The route pattern the element is mounted at; defaults to the route's path. */
  path?: string;
  /** Extra routes, e.g. the targets of a redirect, each rendering its path as text by default. */
  otherRoutes?: Array<string | { path: string; element: React.ReactNode }>;
}

export interface Rendered extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  queryClient: QueryClient;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/**
 * Renders a screen inside the app's providers: Mantine in test mode (no transitions, no portals),
 * a fresh query client without retries and a memory router at `route`.
 */
export function renderWithProviders(ui: React.ReactElement, options: RenderOptions = {}): Rendered {
  const route = options.route ?? '/';
  const path = options.path ?? route.split('?')[0]!;
  const queryClient = createTestQueryClient();
  const others = (options.otherRoutes ?? []).map((r) =>
    typeof r === 'string' ? { path: r, element: <p>{`Página ${r}`}</p> } : r,
  );
  const user = userEvent.setup();
  const result = render(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env="test"
    >
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <LocationProbe />
          <Routes>
            <Route path={path} element={ui} />
            {others.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}

/** The memory router's current path (and query string). */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** Stores a signed-in session the way the login page does. */
export function signIn(
  user: { id: number; full_name: string; email?: string; rol: number },
  token = 'token-de-prueba',
): void {
  localStorage.setItem('token', token);
  localStorage.setItem('id', String(user.id));
  localStorage.setItem('user_id', String(user.id));
  localStorage.setItem('name', user.full_name);
  localStorage.setItem('rol', String(user.rol));
  localStorage.setItem('user', JSON.stringify(user));
}

export interface ApiCall {
  method: string;
  /** Path after /api, without the query string. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

type Handler = MockReply | ((call: ApiCall) => MockReply | Promise<MockReply>);

/**
 * Replaces `fetch` with a small table of answers keyed by 'METHOD /path' (the path after /api, no query string).
 * A call with no entry answers 404 with the server's Spanish message. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body,
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply =
      handler === undefined
        ? { status: 404, body: { message: 'Ruta no encontrada.' } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    const status = reply.status ?? 200;
    const text =
      reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
