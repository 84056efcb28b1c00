/**
 * The module contract. Every module under `src/modules/<name>/` exports one builder from its
 * `index.ts` that takes the module's narrow dependencies (never the whole composition root)
 * and returns a `FolioModule` (with the services other modules may use beside it). The
 * composition root (`src/main/deps.ts`) builds the modules in dependency order, registers
 * their job handlers and views, mounts their routes, starts them in that order and stops them
 * in reverse; docs/architecture.md walks through it.
 *
 * A module's files are named after it: `<name>.routes.ts`, `<name>.schemas.ts`,
 * `<name>.service.ts`, `<name>.repo.ts` (all SQL of the module), and `<name>.jobs.ts` when it
 * has job kinds.
 */
import type { TSchema } from '@sinclair/typebox';
import type { App, ReadinessCheck } from '../platform/http/app-type.js';
import type { JobHandlers } from '../platform/queue/registry.js';
import type { JobView } from './jobs/job-events.js';
import type { JobFinishedHook } from './jobs/job-runner.js';

export interface FolioModule {
  /** the module's folder name, for logs and errors */
  readonly name: string;
  /** registers the module's HTTP routes under /v1 */
  routes?(app: App): void | Promise<void>;
  /** registers pages outside /v1 (the customizer's HTML and files): public, not in the OpenAPI document */
  pages?(app: App): void | Promise<void>;
  /** job kinds the module declares, each with its handler */
  readonly jobs?: JobHandlers;
  /** each of its job kinds' public view (the shape `GET /v1/jobs/{id}` and `jobs` events carry) */
  readonly views?: Readonly<Record<string, JobView>>;
  /** the schemas of those views, for the OpenAPI document of `GET /v1/jobs/{id}` */
  readonly jobSchemas?: readonly TSchema[];
  /** told inside the transaction that finishes any job (completed or failed): webhook deliveries settle there */
  readonly onJobFinished?: JobFinishedHook;
  /** starts background work (sweeps, warm-ups); called after every module is built, in order */
  start?(): Promise<void>;
  /** stops that background work; called in reverse order of start (only after start) */
  stop?(): Promise<void>;
  /** releases what the module holds from its build (threads, buffers, subscriptions); called once at shutdown, in reverse build order, after every stop */
  close?(): Promise<void>;
  /** dependencies `/v1/ready` checks for this module */
  readonly readiness?: readonly ReadinessCheck[];
}
