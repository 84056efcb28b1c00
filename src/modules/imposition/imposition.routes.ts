import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { STORE_KINDS, storeOf } from '../../platform/http/resource.js';
import { CreateImpositionBody, ImpositionJobEnvelope, type CreateImposition } from './imposition.schemas.js';
import type { ImpositionService } from './imposition.service.js';

/** Production work is the store's back office: store key, J+S, or an API key with files:render (never the public token). */
export const PRODUCTION_AUTH: RouteAuth = { auth: STORE_KINDS, scope: 'files:render', errors: { 422: 'The request cannot be done as asked: a limit passed (named in the message) or a source that does not fit' } };

export function impositionRoutes(app: App, deps: { impositions: ImpositionService }): void {
  app.post(
    '/impositions',
    {
      schema: {
        tags: ['Production'],
        summary: 'Impose a PDF job, designs or a project onto press sheets (n-up, two-sided, booklets)',
        description:
          'Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). Give exactly one source: `pdf_job_id` (a completed print-ready PDF job of this store), `design_ids` or `project_id` (rendered through the print path). Each source page is embedded once as a vector form and drawn wherever it lands; fonts stay embedded. A sheet too small for the layout, pages of different trim sizes, a failed PDF job, or a limit passed is a 422 naming it (items at least 5 × 5 mm, at most 5,000 slots a sheet, 100,000 slots and 5,000 sheets an imposition: checked before the job exists); a PDF job still running is a 409. Give `booklet` for saddle-stitched or perfect-bound booklets (one spread per sheet side). Free of tokens.',
        body: CreateImpositionBody,
        response: { 202: ImpositionJobEnvelope },
      },
      config: PRODUCTION_AUTH,
    },
    async (req, reply) => reply.code(202).send({ data: await deps.impositions.create(req.actor!, storeOf(req), req.body as CreateImposition), message: MESSAGES.created }),
  );
}
