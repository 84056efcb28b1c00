import type { App } from '../../../platform/http/app-type.js';
import { listEnvelope, listQuerySchema, type PageContextFactory } from '../../../platform/http/pagination.js';
import { docRoutes } from '../../documents/doc.routes.js';
import type { DocService } from '../../documents/doc.service.js';
import { IdParam, READ, listReply, storeOf } from '../../../platform/http/resource.js';
import { Template } from '../templates/templates.schemas.js';
import type { TemplateJson } from '../templates/templates.service.js';
import type { SideJson } from './sides.service.js';
import { CreateSide, Side, UpdateSide } from './sides.schemas.js';

export function sidesRoutes(app: App, deps: { sides: DocService<SideJson>; templates: DocService<TemplateJson>; pageContext: PageContextFactory }): void {
  docRoutes(app, { path: 'sides', noun: 'side', service: deps.sides, response: Side, create: CreateSide, update: UpdateSide, statusFilter: true, pageContext: deps.pageContext });
  app.get(
    '/sides/:id/templates',
    { schema: { tags: ['Catalog: sides'], summary: "A side's templates", params: IdParam, querystring: listQuerySchema(['created_date', 'id', 'name']), response: { 200: listEnvelope(Template) } }, config: { ...READ, conditional: true } },
    async (req) => {
      const side = await deps.sides.row(storeOf(req), req.params.id);
      return listReply(await deps.templates.list(storeOf(req), req.query, deps.pageContext(req), side.id), (x) => x);
    },
  );
}
