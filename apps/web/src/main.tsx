import './lib/zod-without-eval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './app/fonts.css';
import './app/global.css';

import { hydrate } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createAppQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { SERVER_STATE_ID } from './app/server-state';
import { appSession } from './lib/app-session';
import { IS_ANDROID_BUILD } from './lib/config';
import { startErrorReporting } from './lib/report-errors';

startErrorReporting();
// Restores the session (from the refresh cookie, or on Android from the device) while the first
// page renders.
void appSession.start();

// The Android build's back button, offline and update screens, system browser and the rest
// (issue 9); the web build drops this import, and Capacitor with it.
const NativeShell = IS_ANDROID_BUILD
  ? lazy(() => import('./native/native-shell').then((m) => ({ default: m.NativeShell })))
  : null;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A public page the server rendered (decision 0026) comes with the answers it was rendered
// from: the app starts from them, so its first render is the server's page, made live.
const queryClient = createAppQueryClient();
const serverState = document.getElementById(SERVER_STATE_ID);
if (serverState?.textContent) hydrate(queryClient, JSON.parse(serverState.textContent));

const app = (
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        {NativeShell ? (
          <Suspense fallback={null}>
            <NativeShell>
              <AppRoutes />
            </NativeShell>
          </Suspense>
        ) : (
          <AppRoutes />
        )}
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// Both run in a transition, so React yields to the browser every few milliseconds instead of
// holding the main thread for the whole page. Hydration reads the session and the red dots as the
// server rendered them (useSession), so what changes meanwhile cannot make the page differ from
// the server's half-way through (React error #418); the real state renders right after.
startTransition(() => {
  if (serverState && !NativeShell) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
