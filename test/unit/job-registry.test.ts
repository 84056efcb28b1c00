import { describe, expect, it } from 'vitest';
import { AI_FIX_FLOW, BG_REMOVE_FLOW, STUDIO_BATCH_FLOW } from '../../src/modules/jobs/flows.js';
import { bind, canMove, jobKind, JobRegistry, statusPath, type JobStatusFlow } from '../../src/platform/queue/registry.js';

/** Every status pair of a flow, and whether a running job may make that move. */
function moves(flow: JobStatusFlow): string[] {
  const all = [...statusPath(flow), flow.completed, flow.failed];
  return all.flatMap((from) => all.filter((to) => to !== from && canMove(flow, from, to)).map((to) => `${from}→${to}`));
}

describe('status flows (interface § States and transitions)', () => {
  it('background removal: processing → completed | failed', () => {
    expect(statusPath(BG_REMOVE_FLOW)).toEqual(['processing']);
    expect(moves(BG_REMOVE_FLOW)).toEqual(['processing→completed', 'processing→failed']);
  });

  it('AI fix: analyzing → applying → completed | failed (a failure may also end the analysis)', () => {
    expect(statusPath(AI_FIX_FLOW)).toEqual(['analyzing', 'applying']);
    expect(moves(AI_FIX_FLOW)).toEqual(['analyzing→applying', 'analyzing→completed', 'analyzing→failed', 'applying→completed', 'applying→failed']);
  });

  it('studio batch: queued → running → completed | failed', () => {
    expect(statusPath(STUDIO_BATCH_FLOW)).toEqual(['queued', 'running']);
    expect(canMove(STUDIO_BATCH_FLOW, 'queued', 'running')).toBe(true);
    expect(canMove(STUDIO_BATCH_FLOW, 'running', 'queued')).toBe(false);
    expect(canMove(STUDIO_BATCH_FLOW, 'completed', 'running')).toBe(false);
    expect(canMove(STUDIO_BATCH_FLOW, 'failed', 'completed')).toBe(false);
  });
});

describe('job kinds', () => {
  it('refuses bad type names and ambiguous status vocabularies', () => {
    expect(() => jobKind({ type: 'Bad Name', statuses: BG_REMOVE_FLOW })).toThrow(/job type/);
    expect(() => jobKind({ type: 'x', statuses: { created: 'a', stages: ['b', 'a'], completed: 'c', failed: 'f' } })).toThrow(/repeat/);
    expect(() => jobKind({ type: 'x', statuses: { created: 'done', completed: 'done', failed: 'f' } })).toThrow(/terminal/);
    expect(jobKind({ type: 'bg-remove', statuses: BG_REMOVE_FLOW }).refundOnFailure).toBe(true);
  });
});

describe('job registry', () => {
  const a = jobKind({ type: 'a', statuses: BG_REMOVE_FLOW });
  const b = jobKind({ type: 'b', statuses: BG_REMOVE_FLOW });

  it('is complete when every declared kind has a handler', () => {
    const r = new JobRegistry();
    r.register([bind(a, async () => null)]);
    expect(() => r.assertComplete()).not.toThrow();
    expect(r.types()).toEqual(['a']);
  });

  it('refuses to start with a declared kind that has no handler', () => {
    const r = new JobRegistry();
    r.declare(b);
    r.register([bind(a, async () => null)]);
    expect(() => r.assertComplete()).toThrow('no handler registered for job type(s): b');
  });

  it('refuses to start while the table holds pending jobs of a type nobody handles', () => {
    const r = new JobRegistry();
    r.register([bind(a, async () => null)]);
    expect(() => r.assertComplete(['a', 'legacy.kind'])).toThrow('no handler registered for job type(s): legacy.kind');
  });

  it('refuses two handlers or two kinds for one type', () => {
    const r = new JobRegistry();
    r.register([bind(a, async () => null)]);
    expect(() => r.register([bind(a, async () => null)])).toThrow(/two handlers/);
    expect(() => r.declare(jobKind({ type: 'a', statuses: AI_FIX_FLOW }))).toThrow(/declared twice/);
  });
});
