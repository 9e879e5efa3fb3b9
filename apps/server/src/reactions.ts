import { wireReactions } from './lib/events';
import { domainsReactions } from './modules/domains';
import { ordersReactions } from './modules/orders';
import { servicesReactions } from './modules/services';
import { taxSystemReactions } from './modules/tax-system';

// Every module's reactions to the events of the modules below it, and its answers to their
// questions, wired once for whatever runs the modules: the app (app.ts), the demo seed
// (demo/seed.ts, for the seed CLI and the benches that seed without the app) and every server
// test that may reach a module (vitest.config.ts, setupFiles). Imported for its effect.
// docs/architecture.md, "Reactions", lists who reacts to what; src/reactions.test.ts prints it.
// Lowest layer first: subscribers of one event run in this order.
wireReactions([ordersReactions, taxSystemReactions, servicesReactions, domainsReactions]);
