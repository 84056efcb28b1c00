import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app-type.js';
import { ICP_TYPES, type IcpType } from '../../engines/image/face-crop.js';
import type { Idempotency, IdempotencyRequest } from '../wallet/idempotency.js';
import { requestHash } from '../wallet/idempotency.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { field, readMultipart, registerMultipart } from '../../platform/http/multipart.js';
import { multipartSchema, noAjv } from '../../platform/http/multipart-route.js';
import { collect } from '../../platform/http/upload-stream.js';
import { MAX_SYNC_UPLOADS, MAX_UPLOAD_FILES } from './studio.kinds.js';
import {
  AgencyBody,
  AgencyJobParams,
  AgencyParams,
  FaceCropBody,
  FaceCropUploadBody,
  JobFilesBody,
  MatchBody,
  MatchParams,
  QrBody,
  ReviewBody,
  ReferencesBody,
  StudioJobBody,
  SubjectsBody,
  TaskParams,
} from './studio.schemas.js';
import type { StudioService, UploadedFile, UploadRef } from './studio.service.js';
import { STUDIO_RESPONSES as R } from './studio.responses.js';

export interface StudioRouteDeps {
  studio: StudioService;
  idempotency: Idempotency;
  /** largest accepted upload per file (bytes) */
  maxFileBytes: number;
}

const tags = ['Studio'];
const J = { auth: ['J' as const] };
const FILE_FIELDS = ['file[]', 'file', 'files[]', 'files'];

/**
 * Idempotency for multipart requests: the body the preHandler sees is empty, so the key's
 * request hash is made here from the fields and each file's SHA-256 instead.
 */
function multipartIdempotency(req: FastifyRequest, fields: Record<string, string>, fileHashes: string[]): IdempotencyRequest | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0]! : raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw AppError.field('Idempotency-Key', 'must be 1-255 visible ASCII characters');
  return { accountId: req.actor!.userId, key, hash: requestHash(req.method, req.url, { fields, files: fileHashes }) };
}

function parseBool(field: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw AppError.field(field, 'must be a boolean');
}

/**
 * Reads a studio upload with the shared reader: files under `file[]` (or `file`, `files[]`,
 * `files`), each read whole (studio engines take a Buffer) and handed to `onFile` as it
 * arrives, so a 500-file batch never sits in memory at once; each file's SHA-256 for the
 * idempotency key.
 */
async function readStudioForm(req: FastifyRequest, maxFileBytes: number, onFile: (index: number, file: UploadedFile) => Promise<void>) {
  const form = await readMultipart(
    req,
    FILE_FIELDS,
    MAX_UPLOAD_FILES,
    {
      async receive(f) {
        const body = await collect(f.body, maxFileBytes, 'The file');
        if (body.length === 0) throw AppError.field('file[]', `file ${f.filename} is empty`);
        await onFile(f.index, { filename: f.filename, body, contentType: f.mimetype });
      },
    },
    { otherFiles: 'unexpected file field; send files as file[]', fileField: 'file[]', hash: true, unnamed: (i) => `file-${i + 1}` },
  );
  return { count: form.files.length, hashes: form.hashes, field: (name: string) => field(form, name) };
}

export async function studioRoutes(app: App, deps: StudioRouteDeps): Promise<void> {
  const { studio, idempotency } = deps;

  // Multipart only inside this scope: other modules register their own parsers.
  await app.register(async (scope: App) => {
    await registerMultipart(scope, { fileSize: deps.maxFileBytes, files: MAX_UPLOAD_FILES + 1, fields: 20, parts: MAX_UPLOAD_FILES + 21 });

    scope.post(
      '/services/studio/face-crop/upload',
      {
        schema: multipartSchema({
          tags,
          summary: 'Face crop of uploaded photos: ≤ 5 files answer 200 with results; more (up to 500) are queued (202). 2 tokens per image, 6 with enhance',
          body: FaceCropUploadBody,
          response: { '2xx': R.faceCropUpload },
        }),
        config: J,
        ...noAjv,
      },
      async (req, reply) => {
        const accountId = req.actor!.userId;
        const batchId = randomUUID();
        const refs: UploadRef[] = [];
        // The first five stay in memory (a sync answer needs no staging); from the sixth on,
        // every file of the batch is staged in the blob store for the job.
        const form = await readStudioForm(req, deps.maxFileBytes, async (i, upload) => {
          // Each file is checked as it arrives, before it is staged or paid for (400 naming it).
          const f = await studio.acceptUpload(upload);
          if (i < MAX_SYNC_UPLOADS) {
            refs.push({ filename: f.filename, body: f.body, key: null, contentType: f.contentType });
            return;
          }
          if (i === MAX_SYNC_UPLOADS) {
            for (const [j, r] of refs.entries()) {
              r.key = await studio.stageUpload(accountId, batchId, j, r.filename, r.body, r.contentType);
              r.body = Buffer.alloc(0);
            }
          }
          refs.push({ filename: f.filename, body: Buffer.alloc(0), contentType: f.contentType, key: await studio.stageUpload(accountId, batchId, i, f.filename, f.body, f.contentType) });
        });
        const { count, hashes } = form;
        const icp = form.field('icp_type');
        const problems: Record<string, string[]> = {};
        if (!icp) problems.icp_type = ['is required'];
        else if (!(ICP_TYPES as readonly string[]).includes(icp)) problems.icp_type = [`must be one of: ${ICP_TYPES.join(', ')}`];
        if (count === 0) problems['file[]'] = ['at least one file is required'];
        if (Object.keys(problems).length > 0) throw AppError.validation(problems);
        const enhance = parseBool('enhance', form.field('enhance'));
        const response = await studio.faceCropUpload(accountId, refs, {
          icpType: icp as IcpType,
          enhance,
          sync: count <= MAX_SYNC_UPLOADS,
          idempotency: multipartIdempotency(req, { icp_type: icp!, enhance: String(enhance) }, hashes),
        });
        return reply.code(response.status).send(response.body);
      },
    );

    scope.post(
      '/services/studio/agencies/:agencyId/jobs/:jobId/files',
      { schema: multipartSchema({ tags, summary: 'Upload files to a studio job (multipart file[]); answers their numeric ids', params: AgencyJobParams, body: JobFilesBody, response: { 201: R.jobFiles } }), config: J, ...noAjv },
      async (req, reply) => {
        const accountId = req.actor!.userId;
        const { agencyId, jobId } = req.params;
        await studio.assertJob(accountId, agencyId, jobId);
        const stored: Array<Awaited<ReturnType<StudioService['storeJobFile']>>> = [];
        const { count } = await readStudioForm(req, deps.maxFileBytes, async (_i, f) => void stored.push(await studio.storeJobFile(accountId, agencyId, jobId, f)));
        if (count === 0) throw AppError.field('file[]', 'at least one file is required');
        const files = await studio.addJobFiles(accountId, agencyId, jobId, stored);
        return reply.code(201).send({ file_ids: files.map((f) => f.id), files, data: files, message: MESSAGES.created });
      },
    );
  });

  app.post(
    '/services/studio/face-crop',
    {
      schema: { tags, summary: 'Face crop of 1-20 image URLs to an ICP preset; 2 tokens per image, 6 with enhance; images without a face are refunded', body: FaceCropBody, response: { '2xx': R.faceCrop } },
      preHandler: idempotency.preHandler,
      config: J,
    },
    async (req, reply) => {
      const response = await studio.faceCropUrls(req.actor!.userId, req.body, idempotency.of(req));
      return reply.code(response.status).send(response.body);
    },
  );

  app.get(
    '/services/studio/jobs/:taskId',
    { schema: { tags, summary: 'A studio batch job: status, progress, results when completed', params: TaskParams, response: { 200: R.task } }, config: J },
    async (req) => studio.task(req.actor!.userId, req.params.taskId),
  );

  app.post(
    '/services/studio/qr/generate',
    {
      schema: { tags, summary: 'QR card sheet PDF for 1-2000 subjects; 1 token per subject; single, 9up and logo need Premium', body: QrBody, response: { '2xx': R.qr } },
      preHandler: idempotency.preHandler,
      config: J,
    },
    async (req, reply) => {
      const response = await studio.qrGenerate(req.actor!.userId, req.body, idempotency.of(req));
      return reply.code(response.status).send(response.body);
    },
  );

  app.get('/services/studio/agencies', { schema: { tags, summary: "The account's agencies", response: { 200: R.agencies } }, config: J }, async (req) => ({
    agencies: await studio.listAgencies(req.actor!.userId),
  }));

  app.post('/services/studio/agencies', { schema: { tags, summary: 'Create an agency', body: AgencyBody, response: { 201: R.agency } }, config: J }, async (req, reply) => {
    const agency = await studio.createAgency(req.actor!.userId, req.body);
    return reply.code(201).send({ ...agency, agency, data: agency, message: MESSAGES.created });
  });

  app.get('/services/studio/agencies/:agencyId/jobs', { schema: { tags, summary: "An agency's studio jobs", params: AgencyParams, response: { 200: R.jobs } }, config: J }, async (req) => ({
    jobs: await studio.listJobs(req.actor!.userId, req.params.agencyId),
  }));

  app.post(
    '/services/studio/agencies/:agencyId/jobs',
    { schema: { tags, summary: 'Create a studio job (status defaults to draft)', params: AgencyParams, body: StudioJobBody, response: { 201: R.job } }, config: J },
    async (req, reply) => {
      const job = await studio.createJob(req.actor!.userId, req.params.agencyId, req.body);
      return reply.code(201).send({ ...job, job, data: job, message: MESSAGES.created });
    },
  );

  app.get('/services/studio/agencies/:agencyId/subjects', { schema: { tags, summary: "An agency's subjects", params: AgencyParams, response: { 200: R.subjects } }, config: J }, async (req) => ({
    subjects: await studio.listSubjects(req.actor!.userId, req.params.agencyId),
  }));

  app.post(
    '/services/studio/agencies/:agencyId/subjects',
    { schema: { tags, summary: 'Add one subject, or many with {subjects: [...]}', params: AgencyParams, body: SubjectsBody, response: { 201: R.subjectsCreated } }, config: J },
    async (req, reply) => {
      const body = req.body as { subjects?: unknown[] };
      const input = (Array.isArray(body.subjects) ? body.subjects : [body]) as Parameters<StudioService['createSubjects']>[2];
      const subjects = await studio.createSubjects(req.actor!.userId, req.params.agencyId, input);
      return reply.code(201).send({ subjects, created: subjects.length, data: subjects, message: MESSAGES.created });
    },
  );

  app.post(
    '/services/studio/matching/references',
    { schema: { tags, summary: 'Build face embeddings for subjects with a reference_photo_url (queued from 20 subjects); free', body: ReferencesBody, response: { '2xx': R.references } }, config: J },
    async (req) => studio.matching.buildReferences(req.actor!.userId, req.body.agency_id),
  );

  app.post(
    '/services/studio/matching/match-job',
    {
      schema: { tags, summary: 'Match job files against the agency reference embeddings; 6 tokens per file, failed files refunded', body: MatchBody, response: { '2xx': R.matchJob } },
      preHandler: idempotency.preHandler,
      config: J,
    },
    async (req, reply) => {
      const response = await studio.matching.createMatchJob(req.actor!.userId, req.body, idempotency.of(req));
      return reply.code(response.status).send(response.body);
    },
  );

  app.get(
    '/services/studio/matching/jobs/:matchJobId',
    { schema: { tags, summary: 'A match job: counts, and results per file once completed', params: MatchParams, response: { 200: R.matchView } }, config: J },
    async (req) => studio.matching.matchJob(req.actor!.userId, req.params.matchJobId),
  );

  app.post(
    '/services/studio/matching/jobs/:matchJobId/reviews',
    {
      schema: {
        tags,
        summary: "Record the photographer's decision on one result of a completed match job (confirm the candidate, reassign to another subject, or reject with subject_id null); free",
        params: MatchParams,
        body: ReviewBody,
        response: { 200: R.review },
      },
      config: J,
    },
    async (req) => studio.matching.review(req.actor!.userId, req.params.matchJobId, req.body),
  );
}
