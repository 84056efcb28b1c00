import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { IdParam, PUBLIC_KINDS, storeOf } from '../../platform/http/resource.js';
import type { PdfOptions } from './print.service.js';
import { CreatePdfBody, PdfJobEnvelope } from './print.schemas.js';
import type { PdfService } from './print.service.js';

/** A shopper's customizer downloads the proof of what it saved: the public token may ask (rule 2 admits the rest). */
export const PDF_AUTH = {
  design: { auth: PUBLIC_KINDS, scope: ['files:render', 'designs:write'] },
  project: { auth: PUBLIC_KINDS, scope: ['files:render', 'projects:write'] },
} satisfies Record<string, RouteAuth>;

type Body = PdfOptions;

export function pdfRoutes(app: App, deps: { pdf: PdfService }): void {
  const tags = ['Print-ready PDF'];
  const description = 'Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). One page per design: MediaBox = trim + bleed (+ slug with crop marks), TrimBox and BleedBox set, fonts embedded, images at native resolution. `pdf_standard` asks for PDF/X-4 or PDF/X-1a (CMYK through `output_profile`). Text in a character no font has (not the layer\'s font, not a shipped script fallback) fails the job, naming page, layer and characters, unless `allow_missing_glyphs` is true. Free of tokens.';
  app.post(
    '/designs/:id/pdf',
    { schema: { tags, summary: "Render a design's print-ready PDF", description, params: IdParam, body: CreatePdfBody, response: { 202: PdfJobEnvelope } }, config: PDF_AUTH.design },
    async (req, reply) => reply.code(202).send({ data: await deps.pdf.forDesign(req.actor!, storeOf(req), req.params.id, req.body as Body), message: MESSAGES.created }),
  );
  for (const base of ['/projects', '/project']) {
    app.post(
      `${base}/:id/pdf`,
      {
        schema: { tags, summary: `Render a project's print-ready PDF (its designs, oldest first)${base === '/project' ? ' (alias of /projects)' : ''}`, description, params: IdParam, body: CreatePdfBody, response: { 202: PdfJobEnvelope } },
        config: PDF_AUTH.project,
      },
      async (req, reply) => reply.code(202).send({ data: await deps.pdf.forProject(req.actor!, storeOf(req), req.params.id, req.body as Body), message: MESSAGES.created }),
    );
  }
}
