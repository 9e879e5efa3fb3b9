import { Loader, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PullArrowIcon } from './native-icons';
import { canStartPull, PULL_MAX_PX, PULL_THRESHOLD_PX, pullDistance } from './pull-to-refresh';
import classes from './pull-to-refresh.module.css';

/**
 * Pull to refresh (issue 9), once for every page: pulled down at the top of the page, the
 * indicator follows the finger, and released past the threshold it asks the server again for
 * every query on screen. Touch only; a mouse never starts it.
 */
export function PullToRefresh({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refreshingRef = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let distance = 0;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      startY =
        touch && event.touches.length === 1 && !refreshingRef.current
          ? canStartPull(event.target, window.scrollY)
            ? touch.clientY
            : null
          : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY === null || !touch) return;
      distance = window.scrollY > 0 ? 0 : pullDistance(touch.clientY - startY);
      setPull(distance);
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      const pulled = distance;
      distance = 0;
      setPull(0);
      if (pulled < PULL_THRESHOLD_PX) return;
      refreshingRef.current = true;
      setRefreshing(true);
      void queryClient.refetchQueries({ type: 'active' }).finally(() => {
        refreshingRef.current = false;
        setRefreshing(false);
      });
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled, queryClient]);

  const shown = refreshing ? PULL_THRESHOLD_PX : pull;
  const ready = pull >= PULL_THRESHOLD_PX;
  return (
    <>
      <div
        className={`${classes.indicator} ${pull === 0 ? classes.settling : ''}`}
        style={{
          transform: `translateY(${shown - 48}px)`,
          opacity: shown === 0 ? 0 : Math.min(1, shown / PULL_THRESHOLD_PX),
        }}
        aria-hidden="true"
        data-pull-indicator={refreshing ? 'refreshing' : ready ? 'ready' : 'idle'}
      >
        {refreshing ? (
          <Loader size={20} />
        ) : (
          <PullArrowIcon
            size={22}
            style={{
              transform: `rotate(${ready ? 180 : (pull / PULL_MAX_PX) * 150}deg)`,
              transition: 'transform 120ms',
            }}
          />
        )}
      </div>
      <VisuallyHidden role="status">{refreshing ? 'در حال تازه‌سازی…' : ''}</VisuallyHidden>
    </>
  );
}
