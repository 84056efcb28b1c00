import type { SafeFetcher } from '../../../platform/fetch/safe-fetch.js';
import { HotFolderTransport } from './hot-folder.js';
import type { OpenTarget, Transport } from './transport.js';

export * from './transport.js';
export { resolveHotFolder } from './hot-folder.js';
export { fingerprintOf, normalizeFingerprint } from './fingerprint.js';

export interface TransportDeps {
  fetcher: SafeFetcher;
  hotFolderRoots: readonly string[];
  /** connect/handshake deadline */
  connectTimeoutMs: number;
}

export type TransportOpener = (target: OpenTarget) => Promise<Transport>;

/**
 * The transport for a target. User-supplied hosts (SFTP host, S3 endpoint) pass the safe
 * fetcher's address policy on every delivery, not only when saved: a name may resolve
 * elsewhere by now. The SSH and AWS libraries load on first use (heavy imports every process
 * would otherwise pay at start).
 */
export function transportOpener(deps: TransportDeps): TransportOpener {
  return async (target) => {
    switch (target.type) {
      case 'hot_folder':
        return new HotFolderTransport(target.settings.path, deps.hotFolderRoots);
      case 'sftp': {
        const address = await deps.fetcher.checkHost(target.settings.host, deps.connectTimeoutMs);
        const { SftpTransport } = await import('./sftp.js');
        return new SftpTransport(target.settings, target.secrets, address.address, deps.connectTimeoutMs);
      }
      case 's3': {
        const endpoint = target.settings.endpoint;
        const { S3Transport } = await import('./s3.js');
        if (!endpoint) return new S3Transport(target.settings, target.secrets);
        await deps.fetcher.assertAllowed(endpoint, deps.connectTimeoutMs);
        const pinned = await deps.fetcher.checkHost(new URL(endpoint).hostname.replace(/^\[|\]$/g, ''), deps.connectTimeoutMs);
        return new S3Transport(target.settings, target.secrets, pinned);
      }
    }
  };
}
