// The layers of the server's modules and of the web app's parts (docs/architecture.md, decision
// 0036), read by .dependency-cruiser.cjs and by scripts/check-layers.mjs's report.

/** The server's modules, lowest layer first. A module imports only modules of lower layers. */
const SERVER_LAYERS = [
  ['accounts'],
  ['audit', 'files', 'wallet', 'app', 'app-distribution'],
  ['catalog', 'billing'],
  ['orders', 'tax-system'],
  ['services'],
  ['tickets', 'content', 'live', 'customers', 'domains'],
  ['dashboard', 'seo', 'red-dots'],
];

/** The web app's parts, lowest first; a feature imports no other feature but the console's kit. */
const WEB_LAYERS = [
  ['lib'],
  ['ui'],
  // The Android shell draws with ui/'s icon frame and colours the bars with its theme: above ui.
  ['native'],
  ['features/console'],
  ['features/(?!console/)[^/]+'],
  ['app'],
];

module.exports = { SERVER_LAYERS, WEB_LAYERS };
