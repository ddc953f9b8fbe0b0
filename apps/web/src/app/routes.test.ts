import { describe, expect, it } from 'vitest';
import { ROLES, SCREEN_ROUTES, redirectForRole } from '@egreso/domain';
import { routes } from './router';
import { PAGES } from './routes';

/** The signed-in layout's child routes: the screens a signed-in person can open. */
function signedInPaths(): string[] {
  const shell = routes[0]!.children!.find((r) => !r.path && r.children);
  return shell!.children!.map((r) => r.path!);
}

describe('pages and the route table', () => {
  it('opens exactly the screens of the route table, each with its page', () => {
    expect(signedInPaths()).toEqual(SCREEN_ROUTES.map((r) => r.path));
    expect(Object.keys(PAGES).sort()).toEqual(SCREEN_ROUTES.map((r) => r.path).sort());
  });

  it('lets each screen be opened by its roles only: every other role is sent away', () => {
    for (const screen of SCREEN_ROUTES) {
      expect(screen.roles.length, screen.path).toBeGreaterThan(0);
      for (const role of ROLES) {
        const away = redirectForRole(role, screen.path);
        expect(away === null, `${screen.path} as role ${role}`).toBe(
          (screen.roles as readonly number[]).includes(role),
        );
      }
    }
  });
});
