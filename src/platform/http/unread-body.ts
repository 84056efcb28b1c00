import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface UnreadBodyOptions {
  /** a body announced at most this long is read to its end, and the connection kept alive */
  keepAliveBytes: number;
  /** the most bytes read (and thrown away) after the answer; past it, the connection is closed */
  maxDrainBytes: number;
  /** how long the rest may take to arrive; past it, the connection is closed */
  maxDrainMs: number;
}

export const UNREAD_BODY_DEFAULTS: UnreadBodyOptions = { keepAliveBytes: 1024 * 1024, maxDrainBytes: 8 * 1024 * 1024, maxDrainMs: 5000 };

/**
 * A route may answer before it has read its request body: an upload refused from its first
 * bytes (415 type, 400 pixel cap, 413), a failed authentication, a busboy error. Node drains
 * a body nobody touched, but not one that was piped somewhere (busboy) and then left: the
 * rest of the upload stays unread, the socket stays paused behind it, and the next request
 * on that keep-alive connection waits until the server's timeouts reset it.
 *
 * So every answer sent while the body is not yet fully received drains it (detached from
 * whatever was reading it):
 *  - a body announced at most `keepAliveBytes` long is read to its end and the connection
 *    serves the next request as usual;
 *  - a longer or chunked one is answered with `Connection: close` (the client opens a new
 *    connection for its next request) and read only while the answer goes out;
 *  - either way, no more than `maxDrainBytes` or `maxDrainMs`: then the socket is destroyed.
 */
export function installUnreadBodyGuard(app: FastifyInstance, opts: UnreadBodyOptions = UNREAD_BODY_DEFAULTS): void {
  // A callback hook, not an async one: it runs on every answer and most have nothing to do.
  app.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw;
    if (bodyPending(raw)) {
      const announced = Number(raw.headers['content-length']);
      if (!(Number.isSafeInteger(announced) && announced <= opts.keepAliveBytes) && !reply.raw.headersSent) reply.header('connection', 'close');
      drain(raw, opts);
    }
    done(null, payload);
  });
}

/** Whether part of the request body has still to arrive (parsed bodies and bodiless requests are complete). */
export function bodyPending(raw: IncomingMessage): boolean {
  return !raw.complete && !raw.readableEnded && !raw.destroyed;
}

const DRAINING = Symbol('folio.draining');

/** Reads the rest of the body into nothing, within the bounds; past them the connection is closed. */
function drain(raw: IncomingMessage & { [DRAINING]?: true }, opts: UnreadBodyOptions): void {
  if (raw[DRAINING]) return;
  raw[DRAINING] = true;
  // Whatever was consuming it (busboy under @fastify/multipart) has been abandoned by the
  // handler: it would stop the flow (back-pressure) or buffer the rest for nobody.
  raw.unpipe();
  let seen = 0;
  const giveUp = () => {
    done();
    // a real connection is closed; an injected request (light-my-request) has no socket to close
    const socket = raw.socket as { destroy?: () => void } | null | undefined;
    if (typeof socket?.destroy === 'function') socket.destroy();
    else raw.destroy();
  };
  const timer = setTimeout(giveUp, opts.maxDrainMs);
  timer.unref();
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > opts.maxDrainBytes) giveUp();
  };
  const done = () => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', done);
    raw.off('close', done);
  };
  raw.on('data', onData);
  raw.once('end', done);
  raw.once('close', done);
  raw.on('error', () => undefined);
  raw.resume();
}
