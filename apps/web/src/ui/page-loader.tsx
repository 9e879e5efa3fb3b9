import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { beginProgress } from '../lib/progress';

/** Holds the page's place while its code loads, and runs the top bar meanwhile. */
export function PageLoader() {
  useEffect(() => beginProgress(), []);

  return (
    <Center mih="50vh" role="status" aria-label="در حال بارگذاری">
      <Loader type="dots" />
    </Center>
  );
}
