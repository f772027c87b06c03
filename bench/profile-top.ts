/**
 * The functions that cost the most in a V8 CPU profile (`--cpu-prof`, e.g. from
 * `BENCH_CPU_PROF=dir npm run bench:api`): self time and total time (the function and what it
 * calls) as a share of the samples, by function and file, top `PROFILE_TOP` (30) of each.
 * Usage: `npx tsx bench/profile-top.ts file.cpuprofile`; `PROFILE_SKIP=30` leaves out the first
 * 30 s (start-up and the seed).
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/profile-top.ts file.cpuprofile');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const top = Number(process.env.PROFILE_TOP ?? 30);
/** Samples of the first PROFILE_SKIP seconds left out (start-up, the seed). */
const skip = Number(process.env.PROFILE_SKIP ?? 0) * 1e6;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: Node) => {
  const url = n.callFrame.url
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/(apps|packages)\//, '$1/');
  return `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
let idle = 0;
let all = 0;
let elapsed = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  elapsed += dt;
  if (elapsed < skip) return;
  const node = byId.get(id)!;
  all += dt;
  if (node.callFrame.functionName === '(idle)') idle += dt;
  self.set(label(node), (self.get(label(node)) ?? 0) + dt);
  // Each function once per sample on the stack (recursion counted once).
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!);
    if (seen.has(l)) continue;
    seen.add(l);
    total.set(l, (total.get(l) ?? 0) + dt);
  }
});
const busy = all - idle;
const pct = (v: number) => ((v / busy) * 100).toFixed(1).padStart(5) + ' %';
console.log(
  `busy ${(busy / 1e6).toFixed(1)} s of ${(all / 1e6).toFixed(1)} s (shares below are of busy time)`,
);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m]
    .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${pct(v)}  ${k}`);
};
show('self time', self);
show('total time', total);
