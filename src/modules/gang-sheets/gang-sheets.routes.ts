import type { App } from '../../platform/http/app-type.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { storeOf } from '../../platform/http/resource.js';
import { PRODUCTION_AUTH } from '../imposition/imposition.routes.js';
import { CreateGangSheetBody, GangSheetJobEnvelope, type CreateGangSheet } from './gang-sheets.schemas.js';
import type { GangSheetsService } from './gang-sheets.service.js';

export function gangSheetsRoutes(app: App, deps: { gangSheets: GangSheetsService }): void {
  app.post(
    '/gang-sheets',
    {
      schema: {
        tags: ['Production'],
        summary: 'Nest designs with quantities onto a roll or onto sheets (DTF gang sheets)',
        description:
          'Answers 202 with a job; poll `GET /jobs/{id}` until `status` is `completed`, then download `pdf_url` (valid 24 hours). Give `roll` (a width; the file is as long as the nesting needs, cut into pieces of at most `max_length`) or `sheet`. Each design prints at its trim size; copies are nested as rectangles with `spacing` between them, turned 90° when `rotate` allows. The finished job reports `length_used` and `utilisation`. A design larger than the roll or sheet is a 422. Free of tokens.',
        body: CreateGangSheetBody,
        response: { 202: GangSheetJobEnvelope },
      },
      config: PRODUCTION_AUTH,
    },
    async (req, reply) => reply.code(202).send({ data: await deps.gangSheets.create(req.actor!, storeOf(req), req.body as CreateGangSheet), message: MESSAGES.created }),
  );
}
