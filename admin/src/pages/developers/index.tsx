/**
 * Developers: store and account API keys (scopes, restrictions, the secret shown once, rotation
 * with grace, revocation, the audit trail), webhook endpoints (secret rotation, delivery log,
 * redelivery) and the shop integration. Each section and record has its own URL.
 */
import { Navigate, Route, Routes } from 'react-router';
import { KeyDetail } from './key-detail.tsx';
import { KeyList } from './keys.tsx';
import { DevNav } from './shared.tsx';
import { WebhookDetail } from './webhook-detail.tsx';
import { WebhookList } from './webhooks.tsx';
import { Integrations } from './integrations.tsx';

export default function Developers() {
  return (
    <>
      <DevNav />
      <Routes>
        <Route index element={<Navigate to="keys" replace />} />
        <Route path="keys" element={<KeyList scope="store" key="store" />} />
        <Route path="keys/:key" element={<KeyDetail scope="store" key="store" />} />
        <Route path="account-keys" element={<KeyList scope="account" key="account" />} />
        <Route path="account-keys/:key" element={<KeyDetail scope="account" key="account" />} />
        <Route path="webhooks" element={<WebhookList />} />
        <Route path="webhooks/:id" element={<WebhookDetail />} />
        <Route path="integrations" element={<Integrations />} />
        <Route path="*" element={<Navigate to="keys" replace />} />
      </Routes>
    </>
  );
}
