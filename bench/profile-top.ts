/**
 * The top of a V8 CPU profile (.cpuprofile, as the inspector writes it): self time per
 * function, with its file and line, largest first. Used by `bench/hot-paths.ts --profile`;
 * runs on its own too:
 *
 *   npx tsx bench/profile-top.ts FILE.cpuprofile [--top 30]
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface TopEntry {
  name: string;
  where: string;
  selfMs: number;
  share: number;
}

export function profileTop(profile: Profile, top = 30): TopEntry[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { name: string; where: string; us: number }>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName}@${where}`;
    const e = self.get(key) ?? { name: f.functionName || '(anonymous)', where, us: 0 };
    e.us += dt;
    self.set(key, e);
  }
  return [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({ name: e.name, where: e.where, selfMs: e.us / 1000, share: total > 0 ? e.us / total : 0 }));
}

export function printTop(entries: TopEntry[]): void {
  for (const e of entries) console.log(`  ${(e.share * 100).toFixed(1).padStart(5)}%  ${e.selfMs.toFixed(0).padStart(6)} ms  ${e.name.padEnd(36)} ${e.where}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-top.ts FILE.cpuprofile [--top N]');
  const i = process.argv.indexOf('--top');
  printTop(profileTop(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, i > 0 ? Number(process.argv[i + 1]) : 30));
}
