/**
 * The interface's error envelopes (interface.md § Errors), as a checker that says what is
 * wrong with a response instead of asserting, so fuzzers can report every finding at once.
 *
 *   A / B       {error:{message, code?, details?}, message}   (the service answers both at once)
 *   validation  400 {error:{<field>:[<message>,...]}, message:'Invalid input'}
 *   plan gate   402 {error:{code:'capability_not_available', details:{cta:{url}}}, message}
 *   wallet      402 {error:'INSUFFICIENT_TOKENS', balance, shortfall, top_up_url}
 *   clipart 422 {message, errors:{<field>:[...]}}
 */
export interface ResponseLike {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFieldMap = (v: unknown): boolean =>
  isObj(v) && Object.values(v).every((msgs) => Array.isArray(msgs) && msgs.length > 0 && msgs.every((m) => typeof m === 'string' && m.length > 0));

/** Things no error body may carry: stack frames, source paths, driver errors. */
const LEAKS = /\bat [\w.<>]+ \(|\/(src|node_modules|dist)\/[\w./-]+\.(ts|js)|\.(ts|js):\d+:\d+|"stack"\s*:|SQLITE_|\bpg_|ECONNREFUSED|TypeError|RangeError|ReferenceError/;

/** Null when the response is a well-formed error envelope for its status, else what is wrong. */
export function envelopeProblem(res: ResponseLike): string | null {
  const { statusCode: status } = res;
  if (status < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `${status} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${status} body is not JSON`;
  }
  if (!isObj(body)) return `${status} body is not an object`;
  if (LEAKS.test(res.body)) return `${status} body leaks internals: ${res.body.slice(0, 300)}`;

  if (body.error === 'INSUFFICIENT_TOKENS') {
    if (status !== 402) return `wallet envelope with status ${status}`;
    const ok = Number.isInteger(body.balance) && Number.isInteger(body.shortfall) && (body.shortfall as number) > 0 && typeof body.top_up_url === 'string';
    return ok ? null : `malformed wallet envelope: ${res.body.slice(0, 300)}`;
  }
  // A field may be called "code" or "message": the validation envelope is told by its shape, every member a list of messages.
  if (body.message === 'Invalid input' && isObj(body.error) && Object.values(body.error).every(Array.isArray)) {
    if (status !== 400) return `validation envelope with status ${status}`;
    if (Object.keys(body.error).length === 0) return 'validation envelope names no field';
    return isFieldMap(body.error) ? null : `malformed validation envelope: ${res.body.slice(0, 300)}`;
  }
  if (status === 422 && 'errors' in body) {
    return typeof body.message === 'string' && isFieldMap(body.errors) ? null : `malformed 422 envelope: ${res.body.slice(0, 300)}`;
  }
  // A and B.
  if (typeof body.message !== 'string' || body.message.length === 0) return `${status} without a message: ${res.body.slice(0, 300)}`;
  if ('error' in body) {
    if (!isObj(body.error) || typeof body.error.message !== 'string') return `${status} with a malformed error member: ${res.body.slice(0, 300)}`;
    if (status === 402 && body.error.code === 'capability_not_available') {
      const cta = isObj(body.error.details) && isObj(body.error.details.cta) ? body.error.details.cta : null;
      if (!cta || typeof cta.url !== 'string') return `plan gate without details.cta.url: ${res.body.slice(0, 300)}`;
    }
  }
  return null;
}
