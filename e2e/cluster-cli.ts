import { startCluster } from './cluster';

// `npm run cluster`: PostgreSQL + Redis (running here) + 3 nodes behind Debian's nginx, with the
// demo shop, until Ctrl-C. The settings are the deploy's (deploy/vitrin.env.example), the
// certificate self-signed. CLUSTER_DATABASE_URL / REDIS_URL point at the servers to use.

const cluster = await startCluster({
  databaseAdminUrl:
    process.env.CLUSTER_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});
console.log(`nginx:  ${cluster.origin} (self-signed certificate)`);
for (const node of cluster.nodes) {
  console.log(
    `node ${node.index + 1}: http://${node.address} (metrics: /metrics, log: ${node.logFile})`,
  );
}
console.log('Ctrl-C stops the nodes and nginx and drops the database.');
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
