import { hostileBodiesSuite } from '../test/hostile-bodies-suite';

// Hostile bodies against every call (test/hostile-bodies-suite.ts): shard 3 of the calls.
hostileBodiesSuite(2);
