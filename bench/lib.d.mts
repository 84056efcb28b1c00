// Types of bench/lib.mjs for the TypeScript benches (the .mjs benches use it untyped).
export interface Started {
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}
export function startProcess(cmd: string, args: string[], env?: Record<string, string>): Promise<Started>;
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
export function load(url: string, opts?: { headers?: Record<string, string>; duration?: number; connections?: number }): Promise<LoadResult>;
export function row(name: string, r: LoadResult, base?: LoadResult): string;
export function api(base: string, method: string, url: string, opts?: { headers?: Record<string, string>; body?: unknown }): Promise<any>;
export function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]>;
export function pct(xs: number[], p: number): number;
export function median(xs: number[]): number;
export function kib(n: number): string;
export interface BundleSize {
  first: { raw: number; gzip: number };
  all: { raw: number; gzip: number };
  chunks: number;
  files: string[];
}
export function bundleSize(dir: string): BundleSize;
