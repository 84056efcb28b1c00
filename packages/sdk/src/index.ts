export {
  createFolioClient,
  type CountablePath,
  type FolioClient,
  type FolioClientOptions,
  type ItemOf,
  type Job,
  type ListPath,
  type MethodOf,
  type OperationResponse,
  type PaginateOptions,
  type PathOf,
  type Paths,
  type PathsWith,
  type ResponseOf,
  type WaitOptions,
} from './client.js';
export type { OrderFile, OrderHelpers, OrderProject, OrderSnapshot, OrderState, OrderTransition } from './orders.js';
export { FolioEditor, EditorCommandError, type DesignSide, type EditorCommands, type EditorEvents, type EditorInit, type FolioEditorOptions, type SavedSideRef } from './editor.js';
export { wasRevalidated, type RevalidateOptions } from './revalidate.js';
export { operationIndex, type OperationId, type Operations } from './operations.js';
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
  UnknownPathError,
  ValidationError,
  errorFromResponse,
} from './errors.js';
export type { paths, components, operations } from './schema.js';
