import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import 'vazirmatn/Vazirmatn-Variable-font-face.css';
import './app/global.css';

import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
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

createRoot(root).render(
  <StrictMode>
    <Providers>
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
  </StrictMode>,
);
