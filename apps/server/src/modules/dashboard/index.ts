// The public surface of this module (docs/architecture.md): what other modules may use.

export { readPanelSummary } from './panel-summary.service';
export { readDashboard } from './staff-dashboard.service';
