import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { InsufficientTokens } from '../wallet/wallet.schemas.js';
import type { PreflightService } from './preflight.service.js';
import {
  AiJobBody,
  AiJobCreated,
  AiJobEnvelope,
  AiJobParams,
  ApproveEnvelope,
  CheckBody,
  DpiScoreBody,
  DpiScoreEnvelope,
  RejectEnvelope,
  ReportEnvelope,
  ReportListEnvelope,
  ReportListQuery,
  ReportParams,
} from './preflight.schemas.js';

const DeletedReport = Type.Object({ data: Type.Null(), message: Type.String({ examples: [MESSAGES.deleted] }) });

/** /services/preflight/* (interface § Preflight): account JWT only, camelCase fields. */
export function preflightRoutes(app: App, deps: { preflight: PreflightService; idempotency: Idempotency; pageContext: PageContextFactory }): void {
  const { preflight } = deps;
  const tags = ['Preflight'];
  const auth = { auth: ['J' as const] };
  // AI fix jobs also take the JWT with X-Service-Store-Sid: the store becomes the job's store
  // context, where an approved fix is stored as an Image (decisions in docs/preflight.md).
  const jobAuth = { auth: ['J' as const, 'JS' as const] };

  app.post(
    '/services/preflight/dpi-score',
    { schema: { tags, summary: 'DPI score of an image on a product (free)', body: DpiScoreBody, response: { 200: DpiScoreEnvelope } }, config: auth },
    async (req) => ok(preflight.dpiScore(req.body)),
  );

  app.post(
    '/services/preflight/checks',
    {
      schema: { tags, summary: "Full preflight check of a file (counts against the plan's monthly checks)", body: CheckBody, response: { 201: ReportEnvelope } },
      config: auth,
    },
    async (req, reply) => reply.code(201).send(ok(await preflight.createCheck(req.actor!.userId, req.body), MESSAGES.created)),
  );

  app.get(
    '/services/preflight/checks',
    { schema: { tags, summary: 'Recent preflight reports, newest first', querystring: ReportListQuery, response: { 200: ReportListEnvelope } }, config: auth },
    async (req) => {
      const page = await preflight.listChecks(req.actor!.userId, req.query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.get(
    '/services/preflight/checks/:reportId',
    { schema: { tags, summary: 'A preflight report', params: ReportParams, response: { 200: ReportEnvelope } }, config: auth },
    async (req) => ok(await preflight.getCheck(req.actor!.userId, req.params.reportId)),
  );

  app.delete(
    '/services/preflight/checks/:reportId',
    { schema: { tags, summary: 'Deletes a preflight report and its stored file', params: ReportParams, response: { 200: DeletedReport } }, config: auth },
    async (req) => {
      await preflight.deleteCheck(req.actor!.userId, req.params.reportId);
      return ok(null, MESSAGES.deleted);
    },
  );

  app.post(
    '/services/preflight/ai-jobs',
    {
      schema: {
        tags,
        summary: 'Starts an AI fix job (tokens deducted at creation, refunded if it fails)',
        body: AiJobBody,
        response: { 202: AiJobCreated, 402: InsufficientTokens },
      },
      preHandler: deps.idempotency.preHandler,
      config: jobAuth,
    },
    async (req, reply) => {
      const res = await preflight.createFixJob(req.actor!.userId, req.actor!.storeId, req.body, deps.idempotency.of(req));
      // 202, or the first answer replayed for a repeated Idempotency-Key
      return reply.code(res.status as 202).send(res.body as never);
    },
  );

  app.get(
    '/services/preflight/ai-jobs/:jobId',
    { schema: { tags, summary: 'An AI fix job: analyzing → applying → completed | failed', params: AiJobParams, response: { 200: AiJobEnvelope } }, config: jobAuth },
    async (req) => ok(await preflight.getFixJob(req.actor!.userId, req.params.jobId)),
  );

  app.post(
    '/services/preflight/ai-jobs/:jobId/approve',
    { schema: { tags, summary: 'Approves a completed job: keeps the corrected file, checks it again and, for a job created with a store context, stores it as an Image of that store', params: AiJobParams, response: { 200: ApproveEnvelope } }, config: jobAuth },
    async (req) => ok(await preflight.approve(req.actor!.userId, req.params.jobId), 'Approved'),
  );

  app.post(
    '/services/preflight/ai-jobs/:jobId/reject',
    { schema: { tags, summary: 'Rejects a completed job: discards the corrected file (no refund)', params: AiJobParams, response: { 200: RejectEnvelope } }, config: jobAuth },
    async (req) => ok(await preflight.reject(req.actor!.userId, req.params.jobId), 'Rejected'),
  );
}
