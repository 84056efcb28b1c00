import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers: a status, or 'hang' (never answers). */
export type Answer = number | 'hang';

/**
 * A local webhook receiver on 127.0.0.1 (reached through FOLIO_FETCH_ALLOWLIST). Each path
 * can have its own script of answers; past the script it answers 200.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, Answer[]>();
  private readonly waiters: Array<() => void> = [];
  private server!: http.Server;
  private port = 0;
  /** called for every request, before answering (the crash test kills a worker here) */
  onRequest: ((r: Received) => void) | null = null;
  /** how long each answer waits (a slow endpoint keeps its delivery job running that long) */
  delayMs = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(r);
        this.onRequest?.(r);
        for (const w of this.waiters.splice(0)) w();
        const answer = this.scripts.get(r.path)?.shift() ?? 200;
        if (answer === 'hang') return;
        const send = () => res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
        if (this.delayMs > 0) setTimeout(send, this.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  script(path: string, answers: Answer[]): void {
    this.scripts.set(path, [...answers]);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `path` has received at least `n` requests. */
  async waitFor(path: string, n: number, timeoutMs = 15_000): Promise<Received[]> {
    const started = Date.now();
    while (this.at(path).length < n) {
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${n} requests at ${path} (got ${this.at(path).length})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100).unref();
      });
    }
    return this.at(path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
