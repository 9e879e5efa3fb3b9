import { type IconProps, SvgIcon } from '../ui/icons';

// The Android app's own screens' icons, drawn in ui/icons.tsx's frame.

/** No network: a Wi-Fi fan struck through. */
export function NoSignalIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M2 8.8a15 15 0 0 1 4.2-2.7M10.7 5.1A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 5-2.6M16.8 10.9a10 10 0 0 1 2.2 1.7M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
    </SvgIcon>
  );
}

/** A new version: a phone with an arrow down. */
export function AppUpdateIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1ZM12 7v7M9 11l3 3 3-3M10.5 18.5h3" />
    </SvgIcon>
  );
}

/** Pull to refresh: an arrow down that turns as the pull grows. */
export function PullArrowIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </SvgIcon>
  );
}
