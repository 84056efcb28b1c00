import type { Static } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { IdParam, storeOf } from '../../platform/http/resource.js';
import { PROJECT_AUTH } from '../projects/projects.routes.js';
import { DecisionBody, PageParam, ProofEnvelope, ProofListEnvelope, PublicProofEnvelope, TokenParam } from './proofs.schemas.js';
import type { ProofsService } from './proofs.service.js';

/** The link is the credential: no header, rate limited per client address like every anonymous call. */
const LINK: RouteAuth = { auth: [] };
const LINK_ERRORS = 'A link whose token was altered (or of a proof that no longer exists) is 404; an expired one is 410 (the shop makes a new one with POST /projects/{id}/proofs).';

export function proofsRoutes(app: App, deps: { proofs: ProofsService }): void {
  const { proofs } = deps;
  const tags = ['Proofs'];
  for (const base of ['/projects', '/project']) {
    const alias = base === '/project' ? ' (alias of /projects)' : '';
    app.get(
      `${base}/:id/proofs`,
      { schema: { tags, summary: `An order's proofs, newest first, each with its approval link${alias}`, params: IdParam, response: { 200: ProofListEnvelope } }, config: PROJECT_AUTH.read },
      async (req) => ok(await proofs.list(storeOf(req), req.params.id)),
    );
    app.post(
      `${base}/:id/proofs`,
      {
        schema: {
          tags,
          summary: `A new approval link for the order's current proof${alias}`,
          description: 'The same proof, its link valid for another FOLIO_PROOF_LINK_TTL_HOURS from now (links handed out before stay valid until their own expiry). 409 unless the order is `proof_pending` with a proof waiting.',
          params: IdParam,
          response: { 200: ProofEnvelope },
        },
        config: PROJECT_AUTH.write,
      },
      async (req) => ok(await proofs.renew(storeOf(req), req.params.id), MESSAGES.updated),
    );
  }
  app.get(
    '/proofs/:token',
    {
      schema: {
        tags,
        summary: 'A proof, through its approval link (no credential)',
        description: `What the customer checks: the order's name, code and quantity, each frozen page with a link to its proof image, the proof PDF, and whether it may still be decided. ${LINK_ERRORS}`,
        params: TokenParam,
        response: { 200: PublicProofEnvelope },
      },
      config: LINK,
    },
    async (req) => ok(await proofs.view(req.params.token)),
  );
  app.post(
    '/proofs/:token',
    {
      schema: {
        tags,
        summary: 'Approve a proof, or ask for changes (no credential: the link)',
        description: `\`approve\` moves the order to \`approved\`, which makes its print file; \`request_changes\` (a \`comment\` is required) puts it \`on_hold\` with the comment as the note, for the shop to edit the design and move the order to \`received\` again (a new proof, this one superseded). 409 when the proof was already decided, a newer proof replaced it, or the order no longer waits for it. ${LINK_ERRORS}`,
        params: TokenParam,
        body: DecisionBody,
        response: { 200: PublicProofEnvelope },
      },
      config: LINK,
    },
    async (req) => ok(await proofs.decide(req.params.token, req.body as Static<typeof DecisionBody>), MESSAGES.updated),
  );
  app.get(
    '/proofs/:token/pages/:page/image',
    {
      schema: {
        tags,
        summary: "A proof page's image (no credential: the link)",
        description: `The frozen page's proof image (PNG): trim and safe-zone lines and a PROOF watermark, rendered when first asked for, then kept. ${LINK_ERRORS}`,
        params: PageParam,
        response: { 200: { description: 'The PNG image', content: { 'image/png': { schema: { type: 'string', format: 'binary', examples: ['(the PNG bytes)'] } } } } },
      },
      config: LINK,
    },
    async (req, reply) => reply.type('image/png').header('cache-control', 'private, max-age=3600').send(await proofs.pageImage(req.params.token, req.params.page)),
  );
}
