import { createRequire } from 'node:module';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withTimeout } from '../timeout.js';

/**
 * Prometheus metrics. One Metrics per process (built in deps.ts), each with its own
 * Registry: nothing registers on prom-client's global registry, so many apps in one process
 * (tests) never share series. Modules declare their own instruments through it; when metrics
 * are disabled (FOLIO_METRICS=false) every instrument is a no-op and nothing is collected.
 */
export type Labels<L extends string> = Record<L, string>;

export interface CounterOf<L extends string> {
  inc(labels: Labels<L>, value?: number): void;
}

export interface HistogramOf<L extends string> {
  observe(labels: Labels<L>, value: number): void;
}

/** Sets a gauge's series at scrape time; series not set in a scrape are dropped. */
export type GaugeCollector<L extends string> = (set: (labels: Labels<L>, value: number) => void) => Promise<void> | void;

/** Seconds: 5 ms to 10 s, where API latencies live. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: 50 ms to 10 min, where jobs and model inferences live. */
export const WORK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

export interface MetricsOptions {
  enabled: boolean;
  /** process metrics (CPU, memory, event loop, GC) from prom-client's default collectors */
  defaultMetrics?: boolean;
  /** how long one gauge's scrape-time collection may take before it is skipped */
  collectTimeoutMs?: number;
  /** told when a scrape-time collector fails (its series are left out of that scrape) */
  onCollectError?: (name: string, err: unknown) => void;
}

const NOOP = { inc() {}, observe() {} };

const require = createRequire(import.meta.url);

/**
 * prom-client's default process collectors (CPU, memory, heap spaces, event-loop lag, handles,
 * file descriptors, version), all but GC: its PerformanceObserver runs JavaScript on every
 * garbage collection, and under load that alone cost about 5% of a list route's throughput
 * (bench/metrics.ts: 8.3% slower with it, 2.4% without). The rest are read at scrape time or
 * by a native event-loop histogram.
 */
function collectProcessMetrics(registry: Registry): void {
  const config = { register: registry, prefix: 'folio_', eventLoopMonitoringPrecision: 10 };
  const names = (collectDefaultMetrics as unknown as { metricsList: string[] }).metricsList.filter((n) => n !== 'gc');
  for (const name of names) (require(`prom-client/lib/metrics/${name}`) as (r: Registry, c: object) => void)(registry, config);
}

export class Metrics {
  readonly enabled: boolean;
  readonly registry: Registry;
  private readonly collectTimeoutMs: number;
  private readonly onCollectError: (name: string, err: unknown) => void;
  /** by name: asking twice (two apps built over the same deps) gives the same instrument */
  private readonly instruments = new Map<string, unknown>();

  constructor(opts: MetricsOptions) {
    this.enabled = opts.enabled;
    this.registry = new Registry();
    this.collectTimeoutMs = opts.collectTimeoutMs ?? 1000;
    this.onCollectError = opts.onCollectError ?? (() => undefined);
    if (this.enabled && opts.defaultMetrics !== false) collectProcessMetrics(this.registry);
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): CounterOf<L> {
    if (!this.enabled) return NOOP;
    return this.once(name, () => {
      const c = new Counter({ name, help, labelNames: [...labelNames], registers: [this.registry] });
      return { inc: (labels: Labels<L>, value = 1) => c.inc(labels, value) };
    });
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): HistogramOf<L> {
    if (!this.enabled) return NOOP;
    return this.once(name, () => {
      const h = new Histogram({ name, help, labelNames: [...labelNames], buckets, registers: [this.registry] });
      return { observe: (labels: Labels<L>, value: number) => h.observe(labels, value) };
    });
  }

  private once<T>(name: string, make: () => T): T {
    let m = this.instruments.get(name) as T | undefined;
    if (m === undefined) {
      m = make();
      this.instruments.set(name, m);
    }
    return m;
  }

  /**
   * A gauge read at scrape time. A collector that throws or overruns leaves its labelled
   * series out of that scrape; a gauge without labels then reads 0 (prom-client always
   * exposes one), which suits up/down gauges.
   */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collector: GaugeCollector<L>): void {
    if (!this.enabled || this.instruments.has(name)) return;
    this.instruments.set(name, collector);
    const timeoutMs = this.collectTimeoutMs;
    const onError = this.onCollectError;
    new Gauge({
      name,
      help,
      labelNames: [...labelNames],
      registers: [this.registry],
      async collect() {
        this.reset();
        const values: Array<[Labels<L>, number]> = [];
        try {
          await withTimeout(Promise.resolve(collector((labels, value) => values.push([labels, value]))), timeoutMs);
        } catch (err) {
          onError(name, err);
          return;
        }
        for (const [labels, value] of values) this.set(labels as never, value);
      },
    });
  }

  /** Times `work` into a histogram with an `outcome` label (`ok` or `error`). */
  static async time<T, L extends string>(h: HistogramOf<L | 'outcome'>, labels: Labels<L>, work: () => Promise<T>): Promise<T> {
    const t0 = process.hrtime.bigint();
    let outcome = 'error';
    try {
      const out = await work();
      outcome = 'ok';
      return out;
    } finally {
      h.observe({ ...labels, outcome } as Labels<L | 'outcome'>, Number(process.hrtime.bigint() - t0) / 1e9);
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition format. */
  async scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
