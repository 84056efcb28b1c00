import { Type, type TSchema } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import type { Db } from '../../platform/db/index.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { JobEvents } from './job-events.js';
import type { JobsService } from './jobs.service.js';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });
const AnyJob = Type.Object({}, { additionalProperties: true, description: "Another kind's job, as its own read endpoint shows it" });

/**
 * GET /jobs/{id}: any job the caller may see, in its kind's view. Store credentials see the
 * store's jobs (print-ready PDFs); an account JWT sees the account's. Internal jobs (webhook
 * deliveries) and other tenants' jobs are 404. `schemas`: the views the modules declare
 * (`FolioModule.jobSchemas`), for the OpenAPI document; any other kind is an open object.
 */
export function jobsRoutes(app: App, deps: { db: Db; jobs: JobsService; jobEvents: JobEvents; schemas: readonly TSchema[] }): void {
  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['Jobs'],
        summary: 'A job: its status and, when completed, its result (a print-ready PDF: `pdf_url`, valid 24 hours, and warnings; a merge: `progress`, then `pdf_url` or `zip_url` and its `report`)',
        params: Params,
        response: { 200: Type.Object({ data: Type.Union([...deps.schemas, AnyJob]), message: Type.String() }) },
      },
      config: { auth: ['U', 'B', 'JS', 'K', 'J'], scope: ['files:render', 'designs:read', 'designs:write', 'projects:read', 'projects:write'] },
    },
    async (req) => {
      const job = await deps.jobs.visibleTo(req.actor!, req.params.id);
      if (!job) throw AppError.notFound('Job');
      return ok((await deps.jobEvents.view(job, deps.db)) as Record<string, unknown>, MESSAGES.retrieved);
    },
  );
}
