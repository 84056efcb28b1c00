import type { Static } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import { AppError } from '../../platform/http/errors.js';
import { escapeHtml } from '../../platform/http/html.js';
import { TokenParam, type PublicProof } from './proofs.schemas.js';
import type { ProofsService } from './proofs.service.js';

const esc = escapeHtml;

/**
 * Nothing from elsewhere: scripts and calls to this host only; images from this host or the
 * blob store's https links. No referrer, so the token in the page's address never leaves with
 * an image request to the blob store.
 */
export const PROOF_PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const HEADERS = { 'content-security-policy': PROOF_PAGE_CSP, 'referrer-policy': 'no-referrer', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'x-content-type-options': 'nosniff' };

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for your approval',
  approved: 'Approved — thank you. The order goes to print.',
  changes_requested: 'You asked for changes. The shop will send a new proof.',
  superseded: 'A newer proof of this order exists: this one can no longer be approved. Ask the shop for the new link.',
};

const STYLE = `
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1b1b1f;background:#f5f5f7;line-height:1.5}
main{max-width:56rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}.meta{color:#444;margin:0 0 1rem}
.status{padding:.75rem 1rem;border-radius:.5rem;background:#fff3cd;border:1px solid #e0c36a;margin:0 0 1rem}.status[data-status=approved]{background:#dcf5e3;border-color:#6ab783}
.status[data-status=changes_requested],.status[data-status=superseded]{background:#e8eefc;border-color:#8ca4e0}
figure{margin:0 0 1rem;background:#fff;border-radius:.5rem;padding:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}figure img{display:block;width:100%;height:auto}figcaption{padding:.25rem;color:#444}
.pdf{display:inline-block;margin:0 0 1.5rem}form{background:#fff;border-radius:.5rem;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,textarea{width:100%;font:inherit;padding:.6rem;border:1px solid #888;border-radius:.35rem}textarea{min-height:6rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}button{font:inherit;font-weight:600;min-height:48px;padding:.6rem 1.4rem;border-radius:.4rem;border:2px solid transparent;cursor:pointer;flex:1 1 12rem}
#approve{background:#16794a;color:#fff}#changes{background:#fff;color:#1b1b1f;border-color:#555}button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
button[disabled]{opacity:.6;cursor:wait}#result{min-height:1.5rem;margin-top:.75rem;font-weight:600}#result[data-state=error]{color:#a4161a}`;

function layout(title: string, body: string, token = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body data-token="${esc(token)}"><main>${body}</main>${token ? '<script src="/proof-assets/proof.js" defer></script>' : ''}</body></html>
`;
}

export function proofHtml(token: string, p: Static<typeof PublicProof>): string {
  const pages = p.pages
    .map((g, i) => `<figure><img src="${esc(g.image_url)}" alt="Proof of page ${i + 1}: ${esc(g.name)}" loading="${i === 0 ? 'eager' : 'lazy'}"><figcaption>Page ${i + 1} of ${p.pages.length}: ${esc(g.name)}</figcaption></figure>`)
    .join('\n');
  const pdf = p.pdf.url
    ? `<a class="pdf" href="${esc(p.pdf.url)}" download="${esc(p.pdf.name)}">Download the proof PDF (${esc(p.pdf.name)})</a>`
    : `<p class="pdf">The proof PDF is being made (${esc(p.pdf.status)}); reload the page in a moment to download it.</p>`;
  const decided = p.decided_at ? ` <span>(${esc(p.decided_by ? `by ${p.decided_by}, ` : '')}${esc(p.decided_at.slice(0, 10))}${p.comment ? `: “${esc(p.comment)}”` : ''})</span>` : '';
  const status = STATUS_TEXT[p.status] ?? p.status;
  const form = p.actions.length
    ? `<form id="decide" novalidate aria-describedby="help">
<h2>Your decision</h2>
<p id="help">Check every page: text, spelling, colours and position. The lines show where the paper is cut (magenta) and the safe zone (green); the PROOF watermark is not printed.</p>
<label for="name">Your name or e-mail (optional)</label><input id="name" name="name" autocomplete="name" maxlength="200">
<label for="comment">Comment (required to ask for changes)</label><textarea id="comment" name="comment" maxlength="2000"></textarea>
<div class="actions"><button type="submit" id="approve" value="approve">Approve for print</button><button type="submit" id="changes" value="request_changes">Request changes</button></div>
<p id="result" role="status" aria-live="polite"></p></form>`
    : '';
  const body = `<h1>Proof: ${esc(p.project.name)}</h1>
<p class="meta">Order ${esc(p.project.code)} · quantity ${esc(p.project.quantity)} · link valid until ${esc(p.expires_at.slice(0, 16).replace('T', ' '))} UTC</p>
<p class="status" id="status" data-status="${esc(p.status)}" role="status">${esc(status)}${decided}</p>
${pdf}
${pages}
${form}`;
  return layout(`Proof: ${p.project.name}`, body, token);
}

/** Approve / request changes: posts to the API, then shows the proof as it is now. */
const SCRIPT = `(() => {
  'use strict';
  const form = document.getElementById('decide');
  if (!form) return;
  const token = document.body.dataset.token;
  const result = document.getElementById('result');
  const say = (text, state) => { result.textContent = text; result.dataset.state = state; };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const decision = ev.submitter && ev.submitter.value === 'request_changes' ? 'request_changes' : 'approve';
    const comment = form.comment.value.trim();
    const name = form.name.value.trim();
    if (decision === 'request_changes' && !comment) { say('Please write what should change in the comment box.', 'error'); form.comment.focus(); return; }
    const buttons = form.querySelectorAll('button');
    buttons.forEach((b) => { b.disabled = true; });
    say('Sending…', 'busy');
    try {
      const res = await fetch('/v1/proofs/' + encodeURIComponent(token), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ decision, ...(comment ? { comment } : {}), ...(name ? { name } : {}) }) });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) { say((body.error && body.error.message) || body.message || 'Something went wrong; please try again.', 'error'); buttons.forEach((b) => { b.disabled = false; }); return; }
      say(decision === 'approve' ? 'Approved — thank you.' : 'Sent — the shop will prepare a new proof.', 'done');
      setTimeout(() => location.reload(), 600);
    } catch {
      say('Could not reach the shop; check the connection and try again.', 'error');
      buttons.forEach((b) => { b.disabled = false; });
    }
  });
})();
`;

/** The customer's page at /proof/{token} (outside /v1; public, not in OpenAPI). */
export function proofPages(app: App, deps: { proofs: ProofsService }): void {
  app.get('/proof-assets/proof.js', { schema: { hide: true }, config: { auth: [], rateLimit: false } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(SCRIPT),
  );
  app.get('/proof/:token', { schema: { hide: true, params: TokenParam }, config: { auth: [] } }, async (req, reply) => {
    reply.headers(HEADERS).type('text/html; charset=utf-8');
    try {
      return reply.send(proofHtml(req.params.token, await deps.proofs.view(req.params.token)));
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'not_found' && err.code !== 'gone')) throw err;
      const title = err.code === 'gone' ? 'This proof link has expired' : 'This proof link is not valid';
      return reply.code(err.code === 'gone' ? 410 : 404).send(layout(title, `<h1>${esc(title)}</h1><p>${esc(err.message)}</p>`));
    }
  });
}
