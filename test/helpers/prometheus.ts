/**
 * A reader of the Prometheus text exposition format (version 0.0.4), enough for tests to
 * check series by name and labels: `# TYPE` lines and samples `name{a="x",b="y"} value`.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** metric family name → counter, gauge, histogram, summary, untyped */
  types: Map<string, string>;
  /** samples of this name whose labels include all of `labels` */
  find(name: string, labels?: Record<string, string>): Sample[];
  /** the one sample of this name with exactly these labels (undefined when none) */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const t = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (t) types.set(t[1]!, t[2]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not an exposition sample: ${line}`);
    samples.push({ name: m[1]!, labels: parseLabels(m[2] ?? ''), value: parseValue(m[3]!) });
  }
  const matches = (s: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => s.labels[k] === v);
  return {
    samples,
    types,
    find: (name, labels = {}) => samples.filter((s) => s.name === name && matches(s, labels)),
    value: (name, labels = {}) => {
      const exact = samples.filter((s) => s.name === name && matches(s, labels) && Object.keys(s.labels).length === Object.keys(labels).length);
      if (exact.length > 1) throw new Error(`${exact.length} samples of ${name} ${JSON.stringify(labels)}`);
      return exact[0]?.value;
    },
  };
}

function parseLabels(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(body)) !== null) {
    out[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    consumed = re.lastIndex;
  }
  if (consumed !== body.length) throw new Error(`bad labels: {${body}}`);
  return out;
}

function parseValue(v: string): number {
  if (/^\+?inf$/i.test(v)) return Infinity;
  if (/^-inf$/i.test(v)) return -Infinity;
  // Prometheus reads NaN and Inf case-insensitively (Go's ParseFloat); prom-client writes `Nan`.
  if (/^nan$/i.test(v)) return NaN;
  const n = Number(v);
  if (Number.isNaN(n)) throw new Error(`bad sample value: ${v}`);
  return n;
}
