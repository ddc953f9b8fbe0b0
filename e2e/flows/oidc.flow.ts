import { MSG, OIDC_REFUSALS } from '@egreso/domain';
import { startTestProvider } from '../../apps/server/src/test/oidc-provider.js';
import { PHONE, assert, makeContext, startServer, type Flow } from '../harness.js';
import { settle } from './shared.js';

const WIDE = { width: 1280, height: 800 };

/**
 * Institutional sign-in in Chromium: a real OpenID Provider on this machine and a second server configured for it
 * (the harness's server runs without OIDC settings).
 */
export const flows: Flow[] = [
  {
    name: 'institutional sign-in: the button, the provider, signed in; a refusal on the login page',
    async run(ctx) {
      const port = new URL(ctx.baseUrl).port;
      const appPort = Number(port) + 1;
      const op = await startTestProvider({ redirectUris: [`http://127.0.0.1:${appPort}/api/auth/oidc/callback`] });
      op.accounts.set('sub-laura', { email: 'laura.mendoza@demo.edu.mx', email_verified: true, name: 'Laura' });
      op.accounts.set('sub-nadie', { email: 'nadie@demo.edu.mx', email_verified: true, name: 'Nadie' });
      const server = await startServer(appPort, undefined, {
        OIDC_ISSUER: op.issuer,
        OIDC_CLIENT_ID: op.clientId,
        OIDC_CLIENT_SECRET: op.clientSecret,
        OIDC_ALLOWED_DOMAINS: 'demo.edu.mx',
      });
      const oidcCtx = makeContext(ctx.browser, server.baseUrl, server.databaseUrl);
      try {
        for (const [viewport, suffix] of [
          [WIDE, 'desktop'],
          [PHONE, 'phone'],
        ] as const) {
          const { page, context } = await oidcCtx.newPage(viewport);
          try {
            await page.goto('/app/login');
            const button = page.getByRole('link', { name: MSG.oidcButton });
            await button.waitFor();
            await settle(page);
            await oidcCtx.screenshot(page, `oidc-login-${suffix}`);

            // Refused: no account has that e-mail.
            await button.click();
            await page.waitForURL(`${op.issuer}/interaction/**`);
            await page.locator('input[name="login"]').fill('sub-nadie');
            await page.locator('input[name="password"]').fill('cualquiera');
            await page.getByRole('button', { name: 'Sign-in' }).click();
            await page.waitForURL('**/app/login');
            const alert = page.getByRole('alert');
            await alert.waitFor();
            const text = await alert.innerText();
            assert(text.includes(OIDC_REFUSALS.no_account), `refusal shown: ${text}`);
            assert(!page.url().includes('#'), `the fragment left the address: ${page.url()}`);
            await settle(page);
            await oidcCtx.screenshot(page, `oidc-refused-${suffix}`);
            await context.clearCookies();

            // Signed in: the demo teacher's account, linked by its verified e-mail, then by subject.
            await page.getByRole('link', { name: MSG.oidcButton }).click();
            await page.waitForURL(`${op.issuer}/interaction/**`);
            await page.locator('input[name="login"]').fill('sub-laura');
            await page.locator('input[name="password"]').fill('cualquiera');
            await page.getByRole('button', { name: 'Sign-in' }).click();
            await page.waitForURL('**/app/TeacherDashboard');
            assert(!page.url().includes('oidc'), `no code left in the address: ${page.url()}`);
            const token = await page.evaluate(() => localStorage.getItem('token'));
            assert(token && token.length > 20, 'session stored');
          } finally {
            await context.close();
          }
        }
      } finally {
        await server.stop();
        await op.close();
      }
    },
  },
];
