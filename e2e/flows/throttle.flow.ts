import { assert, loginAs, type Flow } from '../harness.js';
import { settle } from './shared.js';

const TEACHER = { email: 'laura.mendoza@demo.edu.mx', password: 'profe1234' };

/** A sign-in through the API, from this machine's address and without the browser's mark. */
async function apiSignIn(baseUrl: string, password: string) {
  return fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: TEACHER.email, password }),
  });
}

export const flows: Flow[] = [
  {
    name: 'throttle: a browser that signed in before is not held back by failures on its account from its address',
    // Failures on the demo teacher's account from this address would hold back other flows' sign-ins.
    alone: true,
    async run(ctx) {
      const known = await ctx.newPage();
      const stranger = await ctx.newPage();
      try {
        await loginAs(known.page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
        const mark = (await known.context.cookies()).find((c) => c.name === 'egreso_device');
        assert(
          mark?.httpOnly && mark.sameSite === 'Strict' && mark.path === '/api/login',
          `mark: ${JSON.stringify(mark)}`,
        );

        // Someone else fails five times on her account from the same address: that pair waits.
        for (let i = 0; i < 5; i++) assert((await apiSignIn(ctx.baseUrl, `adivina-${i}`)).status === 401, 'failure');

        // A browser the account does not know waits ...
        await stranger.page.goto('/app/login');
        await stranger.page.getByLabel('Correo electrónico').fill(TEACHER.email);
        await stranger.page.getByLabel('Contraseña').fill(TEACHER.password);
        await stranger.page.getByRole('button', { name: 'Iniciar sesión' }).click();
        await stranger.page
          .getByRole('alert')
          .getByText(/^Demasiados intentos\. Espera \d+ segundos?\.$/)
          .waitFor();

        // ... hers signs in at once.
        await known.page.evaluate(() => localStorage.clear());
        await loginAs(known.page, TEACHER.email, TEACHER.password, '/TeacherDashboard');
        await settle(known.page);
      } finally {
        await known.context.close();
        await stranger.context.close();
      }
      // Later flows sign in from this address: the wait ends and a success clears the pair.
      await new Promise((r) => setTimeout(r, 2100));
      assert((await apiSignIn(ctx.baseUrl, TEACHER.password)).status === 200, 'the pair is cleared');
    },
  },
];
