import type { Static } from '@sinclair/typebox';
import { LAYER_NAMES, type LayerName } from '../../engines/mockup/index.js';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { multipartSchema, noAjv } from '../../platform/http/multipart-route.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import { DeletedEnvelope, IdParam, PUBLIC_KINDS, READ, STORE_KINDS, WRITE, listReply, storeOf } from '../../platform/http/resource.js';
import { field, readMultipart, registerMultipart } from '../../platform/http/multipart.js';
import { collect } from '../../platform/http/upload-stream.js';
import {
  CreateMockupBody,
  CreateProofBody,
  MockupImageEnvelope,
  MockupJobEnvelope,
  MockupTemplateEnvelope,
  MockupTemplateListEnvelope,
  MockupTemplateListQuery,
  MockupTemplateUploadBody,
  ProofEnvelope,
  UpdateMockupTemplateBody,
} from './mockups.schemas.js';
import type { MockupsService, ReceivedLayer } from './mockups.service.js';

/**
 * Credentials: templates as the rest of the catalog (read by every store credential and the
 * public token; written with the store key, `catalog:write`); mockups and proofs as the PDF
 * (the shopper's customizer asks: the public token, `files:render` or `designs:write`).
 */
export const MOCKUP_AUTH = {
  read: READ,
  write: WRITE,
  upload: { auth: STORE_KINDS, scope: 'catalog:write' },
  render: { auth: PUBLIC_KINDS, scope: ['files:render', 'designs:write'] },
} satisfies Record<string, RouteAuth>;

export async function mockupsRoutes(app: App, deps: { mockups: MockupsService; pageContext: PageContextFactory; uploadMaxBytes: number }): Promise<void> {
  const { mockups, pageContext } = deps;
  await app.register(async (scope) => {
    await registerMultipart(scope as unknown as App, { fileSize: deps.uploadMaxBytes, files: LAYER_NAMES.length, fields: 10, parts: 20, fieldSize: 256 * 1024 });
    scope.addHook('preHandler', async (req) => void storeOf(req));
    const a = scope as unknown as App;
    const tags = ['Mockups'];

    a.get(
      '/mockup-templates',
      { schema: { tags, summary: "The store's mockup templates", querystring: MockupTemplateListQuery, response: { 200: MockupTemplateListEnvelope } }, config: MOCKUP_AUTH.read },
      async (req) => {
        const page = await mockups.list(storeOf(req), req.query, pageContext(req));
        return { ...listReply(page, (r) => r), data: await Promise.all(page.rows.map((r) => mockups.toJson(r))) };
      },
    );
    a.get(
      '/mockup-templates/default',
      { schema: { tags, summary: 'The curated mockup templates (business card, poster, mug, T-shirt)', querystring: MockupTemplateListQuery, response: { 200: MockupTemplateListEnvelope } }, config: MOCKUP_AUTH.read },
      async (req) => {
        const page = await mockups.list(null, req.query, pageContext(req));
        return { ...listReply(page, (r) => r), data: await Promise.all(page.rows.map((r) => mockups.toJson(r))) };
      },
    );
    a.post(
      '/mockup-templates',
      {
        schema: multipartSchema({
          tags,
          summary: 'Upload a mockup template: the photo, optional shading, highlight, mask and displacement layers, and its spec (JSON)',
          description: 'Layers are PNG, JPEG or WebP, at most 4000 px a side, with the photo’s aspect ratio (they are stretched to it). See docs/mockups.md for the spec.',
          body: MockupTemplateUploadBody,
          response: { 201: MockupTemplateEnvelope },
        }),
        config: { ...MOCKUP_AUTH.upload, errors: { 413: 'File too large', 415: 'Unsupported type' } },
        ...noAjv,
      },
      async (req, reply) => {
        const seen = new Set<string>();
        const form = await readMultipart<ReceivedLayer>(req, [...LAYER_NAMES], LAYER_NAMES.length, {
          receive: async (f) => {
            if (seen.has(f.fieldname)) throw AppError.field(f.fieldname, 'only one file per layer');
            seen.add(f.fieldname);
            return mockups.receiveLayer(f.fieldname as LayerName, await collect(f.body, deps.uploadMaxBytes, `The ${f.fieldname} layer`));
          },
        });
        const json = await mockups.create(req.actor!, storeOf(req), { name: field(form, 'name'), description: field(form, 'description'), spec: field(form, 'spec'), layers: form.files });
        return reply.code(201).send(ok(json, MESSAGES.created));
      },
    );
    a.get('/mockup-templates/:id', { schema: { tags, summary: 'A mockup template (the store’s or a default one)', params: IdParam, response: { 200: MockupTemplateEnvelope } }, config: MOCKUP_AUTH.read }, async (req) =>
      ok(await mockups.toJson(await mockups.row(storeOf(req), req.params.id))),
    );
    a.put(
      '/mockup-templates/:id',
      { schema: { tags, summary: "Update a mockup template's name, description or geometry (the layers stay)", params: IdParam, body: UpdateMockupTemplateBody, response: { 200: MockupTemplateEnvelope } }, config: MOCKUP_AUTH.write },
      async (req) => ok(await mockups.update(req.actor!, storeOf(req), req.params.id, req.body), MESSAGES.updated),
    );
    a.delete('/mockup-templates/:id', { schema: { tags, summary: 'Delete a mockup template and its layers', params: IdParam, response: { 200: DeletedEnvelope } }, config: MOCKUP_AUTH.write }, async (req) => {
      await mockups.delete(req.actor!, storeOf(req), req.params.id);
      return { message: MESSAGES.deleted };
    });

    a.post(
      '/mockups',
      {
        schema: {
          tags,
          summary: 'Show a design (or each design of a project) on mockup templates',
          description:
            'One design on one template up to 1,000 px wide answers 200 with the image link at once; wider, several templates or a project answer 202 with a job: poll `GET /jobs/{id}` until `status` is `completed`, then read `mockups`. The design is rendered by the print engine (the PDF’s fonts, shaping and colours). Links are valid 24 hours. Free of tokens.',
          body: CreateMockupBody,
          response: { 200: MockupImageEnvelope, 202: MockupJobEnvelope },
        },
        config: MOCKUP_AUTH.render,
      },
      async (req, reply) => {
        const out = await mockups.request(req.actor!, storeOf(req), req.body as Static<typeof CreateMockupBody>);
        if ('image' in out) return reply.code(200).send({ data: out.image, message: MESSAGES.created });
        return reply.code(202).send({ data: out.job, message: MESSAGES.created });
      },
    );
    a.post(
      '/designs/:id/proof',
      {
        schema: {
          tags,
          summary: "A flat proof image of a design's side, with trim, bleed and safe-zone lines and a watermark on request",
          description: 'Rendered by the print engine. With the `bleed` line the image shows the bleed area; otherwise the trim box. Answers at once; the link is valid 24 hours.',
          params: IdParam,
          body: CreateProofBody,
          response: { 200: ProofEnvelope },
        },
        config: MOCKUP_AUTH.render,
      },
      async (req) => ok(await mockups.proof(storeOf(req), req.params.id, req.body as Static<typeof CreateProofBody>), MESSAGES.created),
    );
  });
}
