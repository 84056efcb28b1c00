import { described, MESSAGES } from '../../platform/http/envelope.js';

/**
 * What the studio routes answer, for the reference page: their bodies vary with the path
 * taken (answered at once or queued), so they are documented by example, not by a schema
 * that would also filter them.
 */
const at = '2026-05-14T09:26:53.000Z';
const link = (name: string) => `https://folio.example.com/v1/files/studio/acct/${name}?expires=1767225600&sig=Hq3nY0c2`;
const charged = (tokens: number) => ({ tokens_deducted: tokens, wallet_transaction_id: 'TX-00000042' });
const agency = { id: 7, name: 'Northside School Photos', agency_type: 'school', created_at: at };
const job = { id: 12, agency_id: 7, name: 'Spring portraits 2026', status: 'draft', icp_type: 'passport_us', created_at: at };
const subject = { id: 301, agency_id: 7, student_id: 'S-2031', name: 'Grace Hopper', class_name: '3B', reference_photo_url: 'https://photos.example.com/s-2031.jpg', has_embedding: false, embedding_error: null, created_at: at };
const file = { id: 901, job_id: 12, filename: 'IMG_0001.jpg', content_type: 'image/jpeg', size_bytes: 2483102, created_at: at };
const crop = { filename: 'IMG_0001.jpg', icp_type: 'passport_us', status: 'completed', face_box: { x: 412, y: 288, w: 610, h: 702 }, output_urls: { original: link('001-original.jpg'), medium: link('001-medium.jpg') } };
const review = { decision: 'confirmed', subject_id: 301, student_id: 'S-2031', reviewed_at: at };
const task = (type: string) => ({ task_id: '3f2c9a4e-1b7d-4c8a-9e6f-0a1b2c3d4e5f', type, status: 'processing', total_files: 40, progress: { current: 12, total: 40, percentage: 30 }, ...charged(80), created_at: at, completed_at: null, error_message: null });

export const STUDIO_RESPONSES = {
  faceCropUpload: described('200 with `results` for up to 5 files; 202 with a `task_id` to poll at GET /services/studio/jobs/{taskId} for more', {
    results: [crop], total_files: 1, succeeded: 1, failed: 0, ...charged(2),
  }),
  jobFiles: described('The stored files and their numeric ids', { file_ids: [file.id], files: [file], data: [file], message: MESSAGES.created }),
  faceCrop: described('200 with `results` for image URLs answered at once; 202 with a `task_id` when queued', {
    results: [crop], total_files: 1, succeeded: 1, failed: 0, ...charged(2),
  }),
  task: described('The task: status, progress and, once completed, `results` per file', task('studio.face_crop_batch')),
  qr: described('The card sheet PDF (a 24 h link)', { job_id: 'JOB-2026-05', total_subjects: 24, pdf_url: link('JOB-2026-05-cards.pdf'), layout: '4up', pages: 6, cards: 24, ...charged(24) }),
  agencies: described("The account's agencies", { agencies: [agency] }),
  agency: described('The new agency (also under `agency` and `data`)', { ...agency, agency, data: agency, message: MESSAGES.created }),
  jobs: described("The agency's studio jobs", { jobs: [job] }),
  job: described('The new studio job (also under `job` and `data`)', { ...job, job, data: job, message: MESSAGES.created }),
  subjects: described("The agency's subjects", { subjects: [subject] }),
  subjectsCreated: described('The subjects created', { subjects: [subject], created: 1, data: [subject], message: MESSAGES.created }),
  references: described('Embeddings built at once (below 20 subjects), or a `task_id` when queued', { status: 'completed', agency_id: 7, embeddings_created: 23, total_subjects: 24, failed: [{ subject_id: 305, error: 'no face found' }] }),
  matchJob: described('The match job, queued: poll GET /services/studio/matching/jobs/{matchJobId}', { match_job_id: 55, task_id: '3f2c9a4e-1b7d-4c8a-9e6f-0a1b2c3d4e5f', status: 'queued', total_files: 40, threshold: 0.8, ...charged(240) }),
  matchView: described('Counts so far, and `results` per file once completed', {
    id: 55, task_id: '3f2c9a4e-1b7d-4c8a-9e6f-0a1b2c3d4e5f', agency_id: 7, status: 'processing', threshold: 0.8, total_files: 40, processed: 12,
    matched: 10, needs_review: 1, unmatched: 1, failed: 0, ...charged(240), created_at: at, completed_at: null, error_message: null,
    results: [{ file_id: 901, filename: 'IMG_0001.jpg', status: 'needs_review', subject_id: 301, student_id: 'S-2031', similarity: 0.8123, file_url: link('IMG_0001.jpg'), review: review }],
  }),
  review: described("The decision recorded on the file's result", { match_job_id: 55, file_id: 901, ...review }),
};
