import type { App } from '../../../platform/http/app-type.js';
import type { PageContextFactory } from '../../../platform/http/pagination.js';
import { MESSAGES } from '../../../platform/http/envelope.js';
import { docRoutes } from '../../documents/doc.routes.js';
import type { DocService } from '../../documents/doc.service.js';
import { CountEnvelope, IdParam, READ, READ_B, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { listEnvelope, listQuerySchema } from '../../../platform/http/pagination.js';
import type { DefaultTemplatesService } from './default-templates.service.js';
import { FontsEnvelope } from '../fonts/fonts.schemas.js';
import type { FontsService } from '../fonts/fonts.service.js';
import { fontFamiliesOf, type TemplateJson } from './templates.service.js';
import { CreateTemplate, DefaultTemplate, Template, UpdateTemplate } from './templates.schemas.js';

export function templatesRoutes(app: App, deps: { templates: DocService<TemplateJson>; defaultTemplates: DefaultTemplatesService; fonts: FontsService; pageContext: PageContextFactory }): void {
  docRoutes(app, { path: 'templates', noun: 'template', service: deps.templates, response: Template, create: CreateTemplate, update: UpdateTemplate, statusFilter: false, pageContext: deps.pageContext });
  const tags = ['Catalog: templates'];
  app.get(
    '/templates/template-default',
    { schema: { tags, summary: 'Service-curated templates (business card, flyer, sticker, card; CC0), with layers and print size', querystring: listQuerySchema(['created_date', 'id', 'name']), response: { 200: listEnvelope(DefaultTemplate) } }, config: { ...READ, conditional: true } },
    async (req) => listReply(await deps.defaultTemplates.list(req.query, deps.pageContext(req)), (r) => deps.defaultTemplates.toJson(r)),
  );
  app.get('/templates/default/count', { schema: { tags, summary: 'Number of curated templates', response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } }, async () => count(await deps.defaultTemplates.count()));
  app.get(
    '/templates/:id/fonts',
    { schema: { tags: ['Catalog: templates'], summary: "Fonts a template's text layers use (store fonts, else default ones)", params: IdParam, response: { 200: FontsEnvelope } }, config: { ...READ, conditional: true } },
    async (req) => {
      const storeId = storeOf(req);
      const t = await deps.templates.get(storeId, req.params.id);
      const rows = await deps.fonts.resolveFamilies(storeId, fontFamiliesOf(t.layers));
      return { data: await Promise.all(rows.map((r) => deps.fonts.toFont(r))), message: MESSAGES.retrieved };
    },
  );
}
