/**
 * The studio's API shapes (the OpenAPI document describes these answers by example, so the
 * SDK types them as unknown) and the queries the pages share.
 */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session.tsx';

export interface Agency {
  id: number;
  name: string;
  agency_type: string;
  created_at: string;
}
export interface StudioJob {
  id: number;
  agency_id: number;
  name: string;
  status: string;
  icp_type: string;
  created_at: string;
}
export interface Subject {
  id: number;
  agency_id: number;
  student_id: string;
  name: string;
  class_name: string | null;
  reference_photo_url: string | null;
  has_embedding: boolean;
  embedding_error: string | null;
}
export interface StudioFile {
  id: number;
  job_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}
export interface Review {
  decision: 'confirmed' | 'reassigned' | 'rejected';
  subject_id: number | null;
  student_id: string | null;
  reviewed_at: string;
}
export interface MatchResult {
  file_id: number;
  filename: string;
  status: 'matched' | 'needs_review' | 'unmatched' | 'failed';
  subject_id: number | null;
  student_id: string | null;
  similarity: number | null;
  error?: { code: string; message: string };
  file_url: string | null;
  review: Review | null;
}
export interface MatchJob {
  id: number;
  task_id: string;
  agency_id: number;
  status: 'queued' | 'running' | 'processing' | 'completed' | 'failed' | string;
  threshold: number;
  total_files: number;
  processed: number;
  matched: number;
  needs_review: number;
  unmatched: number;
  failed: number;
  tokens_deducted: number;
  tokens_refunded?: number;
  error_message: string | null;
  results?: MatchResult[];
}

export const AGENCY_TYPES = ['school', 'sports', 'corporate', 'yearbook', 'childcare', 'designer'] as const;
export const ICP_TYPES = ['school', 'corporate', 'sports', 'childcare'] as const;

export const done = (status: string) => status === 'completed' || status === 'failed';

export function useAgencies() {
  const { account } = useSession();
  return useQuery({
    queryKey: ['studio', 'agencies'],
    queryFn: async ({ signal }) => ((await account.get('/services/studio/agencies', { signal })) as { agencies: Agency[] }).agencies,
  });
}

export function useAgency(agencyId: number) {
  const agencies = useAgencies();
  return { ...agencies, data: agencies.data?.find((a) => a.id === agencyId) };
}

export function useJobs(agencyId: number) {
  const { account } = useSession();
  return useQuery({
    queryKey: ['studio', 'jobs', agencyId],
    queryFn: async ({ signal }) => ((await account.get('/services/studio/agencies/{agencyId}/jobs', { params: { path: { agencyId } }, signal })) as { jobs: StudioJob[] }).jobs,
  });
}

export function useSubjects(agencyId: number) {
  const { account } = useSession();
  return useQuery({
    queryKey: ['studio', 'subjects', agencyId],
    queryFn: async ({ signal }) => ((await account.get('/services/studio/agencies/{agencyId}/subjects', { params: { path: { agencyId } }, signal })) as { subjects: Subject[] }).subjects,
  });
}

/** A match job, polled every second until it has completed or failed. */
export function useMatchJob(matchJobId: number) {
  const { account } = useSession();
  return useQuery({
    queryKey: ['studio', 'match', matchJobId],
    queryFn: async ({ signal }) => (await account.get('/services/studio/matching/jobs/{matchJobId}', { params: { path: { matchJobId } }, signal })) as MatchJob,
    refetchInterval: (q) => (q.state.data && done(q.state.data.status) ? false : 1000),
  });
}
