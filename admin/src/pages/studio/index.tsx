/**
 * Studio (school and sports photographers), account level: agencies → an agency's jobs and
 * subjects → a job (uploads, matching, QR sheet) → a match job → the review of its
 * needs_review photos. Every page has its URL under /admin/studio.
 */
import { Navigate, Route, Routes } from 'react-router';
import { AgencyPage } from './Agency.tsx';
import { AgencyList } from './Agencies.tsx';
import { JobPage } from './Job.tsx';
import { MatchPage } from './Match.tsx';
import { ReviewPage } from './Review.tsx';

export default function Studio() {
  return (
    <Routes>
      <Route index element={<AgencyList />} />
      <Route path="agencies/:agencyId" element={<Navigate to="jobs" replace />} />
      <Route path="agencies/:agencyId/jobs" element={<AgencyPage tab="jobs" />} />
      <Route path="agencies/:agencyId/subjects" element={<AgencyPage tab="subjects" />} />
      <Route path="agencies/:agencyId/jobs/:jobId" element={<JobPage />} />
      <Route path="agencies/:agencyId/jobs/:jobId/matches/:matchJobId" element={<MatchPage />} />
      <Route path="agencies/:agencyId/jobs/:jobId/matches/:matchJobId/review" element={<ReviewPage />} />
    </Routes>
  );
}
