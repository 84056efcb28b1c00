export { createFolioClient, type FolioClient, type FolioClientOptions, type Job, type ListPath, type ItemOf, type PaginateOptions, type Paths, type PathsWith, type ResponseOf, type WaitOptions } from './client.js';
export { accountJwt, anonymous, apiKey, publicToken, storeKey, type Credential } from './credentials.js';
export {
  FolioError,
  ForbiddenError,
  InsufficientTokensError,
  JobError,
  NotFoundError,
  PlanGateError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
  errorFromResponse,
} from './errors.js';
export type { paths, components, operations } from './schema.js';
