import { readFileSync } from 'node:fs';

// The top frames of a V8 CPU profile (`node --cpu-prof`, see BENCH_CPU_PROF_DIR): self time and
// total time (self plus callees) by function, as a share of the samples where the process was
// not idle. Usage: npx tsx bench/profile-top.ts <file.cpuprofile> [rows=30] [last seconds]
// The last argument keeps only the samples of the profile's last seconds (the run, not the
// start-up).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx bench/profile-top.ts <file.cpuprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/main\//, '');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
}

const selfCount = new Map<string, number>();
const totalCount = new Map<string, number>();
let busy = 0;
const times: number[] = [];
let clock = 0;
for (const delta of profile.timeDeltas) {
  clock += delta;
  times.push(clock);
}
const from = lastArg ? clock - Number(lastArg) * 1e6 : Number.NEGATIVE_INFINITY;
for (const [index, sample] of profile.samples.entries()) {
  if ((times[index] ?? 0) < from) continue;
  const node = byId.get(sample);
  if (!node || node.callFrame.functionName === '(idle)') continue;
  busy += 1;
  selfCount.set(label(node), (selfCount.get(label(node)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id);
    if (!frame) break;
    const name = label(frame);
    if (seen.has(name)) continue;
    seen.add(name);
    totalCount.set(name, (totalCount.get(name) ?? 0) + 1);
  }
}

/** Where a frame's code lives: its npm package, our source file, node's internals or native code. */
function ownerOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return 'node';
  if (url === '') return functionName.startsWith('(') ? functionName : 'native';
  return url.replace(/^.*\/main\//, '').replace(/^file:\/\//, '');
}
const selfByOwner = new Map<string, number>();
for (const [index, sample] of profile.samples.entries()) {
  if ((times[index] ?? 0) < from) continue;
  const node = byId.get(sample);
  if (!node || node.callFrame.functionName === '(idle)') continue;
  selfByOwner.set(ownerOf(node), (selfByOwner.get(ownerOf(node)) ?? 0) + 1);
}

const share = (count: number) => `${((count / busy) * 100).toFixed(1)} %`;
const window = lastArg ? `in the last ${lastArg} s` : 'in all';
console.log(`${busy} busy samples ${window}`);
console.log('\nself time by package or file');
for (const [name, count] of [...selfByOwner].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`${share(count).padStart(7)}  ${name}`);
}
console.log('\nself time');
for (const [name, count] of [...selfCount].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`${share(count).padStart(7)}  ${name}`);
}
console.log('\ntotal time');
for (const [name, count] of [...totalCount].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`${share(count).padStart(7)}  ${name}`);
}
