import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { PUBLIC_KINDS } from '../../platform/http/resource.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { EditorBgRemoveEnvelope, EditorImageParams, EditorJobParams } from './bg-remove.schemas.js';
import type { EditorBgRemoveService } from './editor-bg-remove.service.js';

/**
 * Background removal from the editor, on the public token (docs/background-removal.md, From
 * the editor). Both routes are the store's: another store's image or job is 404.
 */
export function editorBgRemoveRoutes(app: App, deps: { editor: EditorBgRemoveService; idempotency: Idempotency }): void {
  const tags = ['Background removal'];
  app.post(
    '/images/:id/remove-background',
    {
      schema: {
        tags,
        summary: "Remove an image's background from the editor, paid by the store's owner when the store allows it (editor_background_removal)",
        description:
          'Answers 202 with `{job_id, status: processing}`; poll GET /images/{id}/remove-background/{jobId} every 2-3 seconds until `completed` (with `image`, the cut-out as a new image of the store) or `failed`. 150 tokens from the store owner\'s wallet, refunded when it fails; the answers carry no cost, balance or wallet field. Send `Idempotency-Key` to retry safely.',
        params: EditorImageParams,
        response: { 202: EditorBgRemoveEnvelope },
      },
      preHandler: deps.idempotency.preHandler,
      config: {
        auth: PUBLIC_KINDS,
        scope: 'assets:write',
        errors: {
          402: 'store_out_of_tokens: the store cannot pay for it at the moment (no balance or wallet detail)',
          403: 'not_enabled: the store has not turned on editor_background_removal; or the credential lacks the scope',
          409: 'Idempotency-Key reused with another body',
          415: 'The image is not a JPEG, PNG or WebP',
        },
      },
    },
    async (req, reply) => {
      const res = await deps.editor.create(req.actor!, req.params.id, deps.idempotency.of(req));
      return reply.code(res.status as 202).send(res.body as never);
    },
  );
  app.get(
    '/images/:id/remove-background/:jobId',
    {
      schema: { tags, summary: "A background removal started from the editor: its status and, once completed, the cut-out image", params: EditorJobParams, response: { 200: EditorBgRemoveEnvelope } },
      config: { auth: PUBLIC_KINDS, scope: 'assets:write' },
    },
    async (req) => ok(await deps.editor.get(req.actor!, req.params.id, req.params.jobId), MESSAGES.retrieved),
  );
}
