import path from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { fingerprintOf } from './fingerprint.js';
import type { OutFile, SftpSecrets, SftpSettings, Transport } from './transport.js';

/**
 * SFTP through ssh2 (ssh2-sftp-client). Connects to the address the safe fetcher checked (no
 * second lookup); with a pinned host key, any other key ends the handshake before a credential
 * is sent. Each file goes to `<name>.part` and is renamed into place (posix-rename@openssh.com,
 * which replaces an existing file; plain rename elsewhere).
 */
export class SftpTransport implements Transport {
  private client: SftpClient | null = null;
  private seenKey: string | null = null;

  constructor(
    private readonly settings: SftpSettings,
    private readonly secrets: SftpSecrets,
    private readonly address: string,
    private readonly timeoutMs: number,
  ) {}

  private async connect(): Promise<SftpClient> {
    if (this.client) return this.client;
    const client = new SftpClient('folio-delivery');
    const pin = this.settings.host_key_sha256;
    try {
      await client.connect({
        host: this.address,
        port: this.settings.port,
        username: this.settings.username,
        ...(this.secrets.password ? { password: this.secrets.password } : {}),
        ...(this.secrets.private_key ? { privateKey: this.secrets.private_key } : {}),
        readyTimeout: this.timeoutMs,
        hostVerifier: (key: Buffer) => {
          this.seenKey = fingerprintOf(key);
          return pin === null || this.seenKey === pin;
        },
      });
    } catch (err) {
      await client.end().catch(() => undefined);
      if (pin !== null && this.seenKey !== null && this.seenKey !== pin) {
        throw new Error(`the server's host key SHA256:${this.seenKey} does not match the pinned host_key_sha256`, { cause: err });
      }
      throw err;
    }
    this.client = client;
    return client;
  }

  private remote(name: string): string {
    return path.posix.join(this.settings.remote_dir, name);
  }

  async put(files: readonly OutFile[], signal: AbortSignal): Promise<string[]> {
    const client = await this.connect();
    const out: string[] = [];
    for (const f of files) {
      signal.throwIfAborted();
      const final = this.remote(f.name);
      const part = `${final}.part`;
      try {
        await client.put(f.local ?? f.body ?? Buffer.alloc(0), part);
        await client.posixRename(part, final).catch(async () => {
          await client.delete(final, true);
          await client.rename(part, final);
        });
      } catch (err) {
        await client.delete(part, true).catch(() => undefined);
        throw err;
      }
      out.push(final);
    }
    return out;
  }

  async remove(name: string): Promise<void> {
    await (await this.connect()).delete(this.remote(name), true);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
