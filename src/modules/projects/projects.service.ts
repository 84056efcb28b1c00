import { randomInt } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import { DocService, type DocKind } from '../documents/doc.service.js';
import { iso } from '../../platform/http/resource.js';
import type { Project } from './projects.schemas.js';

export type ProjectJson = Static<typeof Project>;

const DEFAULTS = { status: 'processing', note: null };
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** An order reference a person can read out: no 0/O, 1/I; 32^8 ≈ 10^12 values. */
export function newProjectCode(): string {
  let s = 'P-';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

export const projectKind: DocKind<ProjectJson> = {
  table: 'projects',
  topic: 'projects',
  noun: 'Project',
  prepare(_storeId, body, existing) {
    const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
    doc.code ??= newProjectCode();
    return Promise.resolve({ name: doc.name as string, status: doc.status as string, parentId: null, doc });
  },
  toJson(row, doc) {
    return {
      ...DEFAULTS,
      ...doc,
      id: row.id,
      name: row.name,
      status: row.status,
      code: doc.code,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    } as ProjectJson;
  },
};

/** Projects (orders): the document service over the `projects` kind; designs link to them. */
export type ProjectsService = DocService<ProjectJson>;

export function createProjectsService(db: Db, events: EventBus): ProjectsService {
  return new DocService(db, events, projectKind);
}
