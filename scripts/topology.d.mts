// Types of scripts/topology.mjs for the TypeScript tests and benches that import it.
import type { ChildProcess } from 'node:child_process';

export interface TcpProxy {
  port: number;
  readonly connections: number;
  readonly cutOff: boolean;
  /** drop every open connection and refuse new ones */
  cut(): void;
  /** forward again */
  restore(): void;
  close(): Promise<void>;
}

export interface TopologyRedis {
  url: string;
  port: number;
  readonly pid: number | null;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** stop (its data is lost) and start again on the same port */
  restart(downMs?: number): Promise<void>;
}

export interface TopologyOptions {
  apis?: number;
  workers?: number;
  env?: Record<string, string>;
  workerConcurrency?: number;
  baseDatabaseUrl?: string;
  apiLogLevel?: string;
  keepDir?: boolean;
  log?: (line: string) => void;
}

export interface Topology {
  dir: string;
  logDir: string;
  env: Record<string, string>;
  /** the database directly, not through the proxy (assertions) */
  databaseUrl: string;
  databaseName: string;
  proxy: TcpProxy;
  redis: TopologyRedis;
  s3: { endpoint: string; bucket: string; storageUrl: string; close(): Promise<void> };
  readonly apis: Array<{ url: string; port: number; pid: number; alive: boolean }>;
  readonly workers: Array<{ pid: number; alive: boolean; child: ChildProcess }>;
  /** base URLs (…/v1) of the API processes */
  readonly urls: string[];
  startApi(i: number): Promise<unknown>;
  startWorker(i: number): Promise<unknown>;
  killWorker(i: number, signal?: NodeJS.Signals): Promise<void>;
  killApi(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** the log of `api-0`, `worker-1`, `redis`… */
  log(name: string): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function ensureBuilt(): boolean;
export function startTcpProxy(host: string, port: number): Promise<TcpProxy>;
export function startTopology(opts?: TopologyOptions): Promise<Topology>;
