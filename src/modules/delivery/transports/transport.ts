/**
 * A transport writes files to one delivery target, each atomically where the medium allows
 * (a `.part` name renamed into place), in the order given: the PDF first, the ticket last,
 * because hot-folder software takes the ticket's arrival as the trigger.
 */
export interface OutFile {
  /** the name at the target (a bare file name) */
  name: string;
  /** a local file to send, or the bytes */
  local?: string;
  body?: Buffer;
  contentType: string;
}

export interface Transport {
  /** Writes every file in order; returns where each landed (path or URL). */
  put(files: readonly OutFile[], signal: AbortSignal): Promise<string[]>;
  /** Removes a file written by `put` (the connection test's file). */
  remove(name: string, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** The settings of each type, as stored (plain) and sealed (secrets). */
export interface HotFolderSettings {
  path: string;
}
export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  remote_dir: string;
  host_key_sha256: string | null;
}
export interface SftpSecrets {
  password?: string;
  private_key?: string;
}
export interface S3TargetSettings {
  bucket: string;
  prefix: string;
  region: string;
  endpoint: string | null;
  force_path_style: boolean;
}
export interface S3Secrets {
  access_key_id?: string;
  secret_access_key?: string;
}

/** A stored target with its secrets opened, ready for a transport. */
export type OpenTarget =
  | { id: string; type: 'hot_folder'; settings: HotFolderSettings; secrets: Record<string, never> }
  | { id: string; type: 'sftp'; settings: SftpSettings; secrets: SftpSecrets }
  | { id: string; type: 's3'; settings: S3TargetSettings; secrets: S3Secrets };

/** A short, single-line reason for the log (no stack, no secrets: the transports never put them in messages). */
export function reason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  const code = typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ` : '';
  return `${code}${message}`.replace(/\s+/g, ' ').slice(0, 500);
}
