/**
 * operationIds of /v1/openapi.json: client generators (and the SDK's `op()`) name their
 * methods after them, so they must be unique, camelCase and stable. They are derived from the
 * method and the documented path by the rules below, unless a route's schema names its own
 * `operationId` or the path is in OVERRIDES (where the rules read badly). The SDK's generated
 * `packages/sdk/src/operations.ts` freezes the result: a test fails when an id changes.
 *
 *   GET    /v1/products                 listProducts
 *   POST   /v1/products                 createProduct
 *   GET    /v1/products/{id}            getProduct       (PUT update…, DELETE delete…)
 *   GET    /v1/products/count           countProducts
 *   POST   /v1/products/batch           batchCreateProducts (PUT batchUpdate…, DELETE batchDelete…)
 *   GET    /v1/products/{id}/sides      listProductSides
 *   GET    /v1/cliparts/default         listDefaultCliparts
 *   POST   /v1/designs/{id}/pdf         createDesignPdf
 *   POST   /v1/webhooks/{id}/rotate-secret  rotateWebhookSecret (an action: the verb leads)
 */

/** Last path words that are verbs: `POST …/{key}/rotate` is `rotate<Noun>`. */
const ACTIONS = new Set(['rotate', 'approve', 'reject', 'redeliver', 'upload', 'generate', 'rotate-secret']);
/** Words that qualify the collection before them: `/cliparts/default` is `DefaultCliparts`. */
const QUALIFIERS: Record<string, string> = { default: 'Default', mine: 'My', global: 'Global' };
/** Path words that add nothing to a name. */
const SKIP = new Set(['v1', 'services']);

/** Where the rules give a clumsy name. Keys are `METHOD /v1/path` as documented. */
const OVERRIDES: Record<string, string> = {
  'GET /v1/ready': 'getReadiness',
  'POST /v1/production-batches/{id}/printed': 'markProductionBatchPrinted',
  'POST /v1/account': 'signUp',
  'POST /v1/account/signIn': 'signIn',
  'PUT /v1/account/password-update': 'updatePassword',
  'GET /v1/account/render-jwt': 'getRenderJwt',
  'GET /v1/account/capabilities': 'getCapabilities',
  'GET /v1/account/wallet': 'getWallet',
  'GET /v1/account/wallet/transactions': 'listWalletTransactions',
  'GET /v1/stores/store-details': 'getStoreDetails',
  'PUT /v1/stores/token-revoke': 'revokeStoreTokens',
  'POST /v1/services/preflight/dpi-score': 'scorePreflightDpi',
  'POST /v1/services/bg-remove': 'createBgRemoveJob',
  'GET /v1/services/bg-remove/{jobId}': 'getBgRemoveJob',
  'POST /v1/services/studio/face-crop': 'createStudioFaceCrop',
  'POST /v1/services/studio/face-crop/upload': 'uploadStudioFaceCrop',
  'POST /v1/services/studio/agencies/{agencyId}/jobs/{jobId}/files': 'uploadStudioJobFiles',
  'POST /v1/services/studio/qr/generate': 'generateStudioQrSheet',
  'POST /v1/services/studio/matching/references': 'buildStudioMatchingReferences',
  'POST /v1/services/studio/matching/match-job': 'createStudioMatchJob',
  'GET /v1/services/studio/matching/jobs/{matchJobId}': 'getStudioMatchJob',
  'POST /v1/clipart/batch': 'batchCreateCliparts',
  'GET /v1/templates/template-default': 'listDefaultTemplates',
  'GET /v1/clipart-storages/{id}/cliparts-default': 'listClipartStorageDefaultCliparts',
  'GET /v1/clipart-storages/{id}/cliparts-default/count': 'countClipartStorageDefaultCliparts',
  'GET /v1/clipart-storages/{id}/storages': 'listClipartCategories',
  'GET /v1/clipart-storages/{id}/storages-default': 'listClipartDefaultCategories',
};

const camel = (word: string) => word.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (word: string) => (word ? word[0]!.toUpperCase() + camel(word).slice(1) : '');

function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|ch|sh|x)es$/.test(word)) return word.replace(/es$/, '');
  if (/[^s]s$/.test(word) && !/details$/.test(word)) return word.slice(0, -1);
  return word;
}
const isPlural = (word: string) => /[^s]s$/.test(word) && singular(word) !== word;

/** The operationId the rules give `METHOD path` (path as documented, with `{param}`s). */
export function deriveOperationId(method: string, path: string): string {
  const m = method.toUpperCase();
  const override = OVERRIDES[`${m} ${path}`];
  if (override) return override;
  const segs = path.split('/').filter(Boolean);
  const endsWithParam = /^\{.*\}$/.test(segs.at(-1) ?? '');
  // Literal words, each marked when an id follows it (`stores/{store}` → the store, singular).
  const words: Array<{ word: string; item: boolean }> = [];
  for (const s of segs) {
    if (/^\{.*\}$/.test(s)) {
      if (words.length > 0) words[words.length - 1]!.item = true;
    } else if (!SKIP.has(s)) words.push({ word: s, item: false });
  }
  let verb = '';
  let tail = '';
  let last = words.at(-1)?.word ?? '';
  if (!endsWithParam && (last === 'count' || last === 'batch')) {
    verb = last === 'count' ? 'count' : { POST: 'batchCreate', PUT: 'batchUpdate', DELETE: 'batchDelete' }[m] ?? 'batch';
    words.pop();
    last = words.at(-1)?.word ?? '';
  } else if (!endsWithParam && ACTIONS.has(last)) {
    const [action, ...object] = last.split('-');
    verb = action!;
    tail = object.map(pascal).join('');
    words.pop();
    last = words.at(-1)?.word ?? '';
  }
  // A qualifier reads before the collection it narrows: cliparts/default → DefaultCliparts.
  let qualifier = '';
  if (!endsWithParam && last in QUALIFIERS && words.length > 1) {
    qualifier = QUALIFIERS[last]!;
    words.pop();
  }
  const plural = !endsWithParam && verb !== 'rotate' && (isPlural(words.at(-1)?.word ?? '') || qualifier !== '');
  if (!verb) {
    if (endsWithParam) verb = { GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete', POST: 'create' }[m] ?? m.toLowerCase();
    else if (m === 'GET') verb = plural ? 'list' : 'get';
    else verb = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[m] ?? m.toLowerCase();
  }
  // The collection stays plural where the operation is about many (list, count, batch…).
  const many = plural && ['list', 'count', 'batchCreate', 'batchUpdate', 'batchDelete'].includes(verb);
  const nouns = words.map((w, i) => {
    const isLast = i === words.length - 1;
    if (isLast) return pascal(many || (qualifier && verb === 'count') ? w.word : singular(w.word));
    return pascal(singular(w.word));
  });
  if (qualifier) nouns.splice(nouns.length - 1, 0, qualifier);
  return `${verb}${nouns.join('')}${tail}`;
}
