import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import { onPasswordChangeRequired, onUnauthorized } from './lib/api';
import { FORCED_PASSWORD_PATH } from './lib/session';

const router = createRouter();
// A token the server no longer accepts sends the user back to /login from anywhere.
onUnauthorized(() => void router.navigate('/login', { replace: true }));
// A password someone else set is changed before anything else: the server's 403 says so from anywhere.
onPasswordChangeRequired(() => void router.navigate(FORCED_PASSWORD_PATH, { replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
