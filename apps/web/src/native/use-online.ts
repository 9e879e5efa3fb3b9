import { Network } from '@capacitor/network';
import { useCallback, useEffect, useState } from 'react';
import { pluginsReady } from './plugins-ready';

/**
 * Whether the device has a network, from Capacitor's Network plugin (Android's own connectivity
 * service), with the WebView's `navigator.onLine` and its events as the fallback. `recheck`
 * asks again, for the person's «تلاش دوباره».
 */
export function useOnline(): { online: boolean; recheck: () => Promise<boolean> } {
  const [online, setOnline] = useState(() => navigator.onLine);

  const recheck = useCallback(async () => {
    let connected = navigator.onLine;
    try {
      await pluginsReady;
      connected = (await Network.getStatus()).connected;
    } catch {
      // The plugin is missing (a browser): navigator.onLine stands.
    }
    setOnline(connected);
    return connected;
  }, []);

  useEffect(() => {
    const handle = pluginsReady.then(() =>
      Network.addListener('networkStatusChange', (status) => setOnline(status.connected)),
    );
    const onOnline = () => setOnline(true);
    const onOffline = () => setOnline(false);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void recheck();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      void handle.then((listener) => listener.remove()).catch(() => undefined);
    };
  }, [recheck]);

  return { online, recheck };
}
