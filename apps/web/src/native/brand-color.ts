import { theme } from '../ui/theme';

/** The status bar and the browser's toolbar wear the theme's brand colour (its filled shade). */
export const BRAND_COLOR = theme.colors?.brand?.[7] ?? '#0f766e';
