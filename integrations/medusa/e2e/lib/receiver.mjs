// A small HTTP receiver that checks a Standard Webhooks signature the way Folio's intake does
// (its own implementation, not the plugin's): used by the plugin's tests, and by the e2e's
// fallback while Folio's intake is not there. Answers from a script of status codes, then 200.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export function keyOf(secret) {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

export function verify(secret, headers, raw) {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !ts || Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const want = createHmac('sha256', keyOf(secret)).update(`${id}.${ts}.${raw}`).digest();
  return sigs.some((s) => {
    const [v, b64] = s.split(',');
    const got = Buffer.from(b64 ?? '', 'base64');
    return v === 'v1' && got.length === want.length && timingSafeEqual(got, want);
  });
}

/** Starts the receiver; `statuses` are answered in order to the first requests (then 200). */
export async function startReceiver({ secret, integrationId, port = 0, statuses = [] }) {
  const received = [];
  const script = [...statuses];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signed = verify(secret, req.headers, raw);
      const forUs = req.headers['x-folio-integration'] === integrationId;
      const status = script.length > 0 ? script.shift() : !signed ? 401 : !forUs ? 404 : 200;
      received.push({ method: req.method, url: req.url, headers: req.headers, raw, body: JSON.parse(raw || 'null'), signed, forUs, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { data: { projects: [], duplicate: false } } : { error: { status } }));
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
