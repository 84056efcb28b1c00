import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { LayerValidationError, PageSpecError } from '../../engines/pdf/index.js';
import { dataNames, FieldDefinitionError, NUMBER_FIELD, prepareSides } from '../../engines/vdp/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError, type FieldErrors } from '../../platform/http/errors.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { byDesignId, pageIssueFields, type DesignPage, type DesignPages } from '../designs/index.js';
import { fileJobView } from '../jobs/file-job-view.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { blackView, defaultOutputProfile, MAX_PDF_PAGES, resolveColour, type StoreOutputProfiles } from '../print/index.js';
import { fromCsv, fromJson } from './merge.data.js';
import { dataKey, MERGE_KIND, mergeFileKey, writeDataSet, type DataSet, type MergeJobResult, type MergePayload, type MergeProgress } from './merge.jobs.js';
import { MAX_RECORDS, type CreateMergeBody, type MergeJob } from './merge.schemas.js';


export type MergeInput = Static<typeof CreateMergeBody>;

/** POST /merge-jobs and the merge job's view on GET /jobs/{id}. */
export class MergeService {
  constructor(private readonly deps: { jobs: JobsService; pages: DesignPages; blobs: BlobStore; stores: StoreOutputProfiles }) {}

  async create(actor: Actor, storeId: string, input: MergeInput): Promise<Static<typeof MergeJob>> {
    // What can be known now is a 400 now, not a failed job later.
    if ((input.design_id === undefined) === (input.project_id === undefined)) throw AppError.field('design_id', 'send exactly one of design_id or project_id');
    if (input.records !== undefined && input.csv !== undefined) throw AppError.field('records', 'send the data set once: records (JSON) or csv (text or a file part), not both');
    const designs = await this.sides(storeId, input);
    let sides;
    try {
      sides = prepareSides(designs.map((d) => d.spec), input.crop_marks === true);
    } catch (e) {
      if (e instanceof FieldDefinitionError || e instanceof PageSpecError || e instanceof LayerValidationError) throw AppError.validation(pageIssueFields(e.issues, byDesignId(designs)));
      throw e;
    }
    if (sides.every((s) => s.fields.length === 0)) throw AppError.field(input.design_id ? 'design_id' : 'project_id', 'has no variable-data field: give layers a `field` ({name, type}) to fill');

    const colour = resolveColour(input, await defaultOutputProfile(this.deps.stores, storeId, designs, input));
    const numbering = { start: input.numbering?.start ?? 1, step: input.numbering?.step ?? 1, padding: input.numbering?.padding ?? 0 };
    let data: DataSet;
    if (input.records !== undefined) data = await fromJson(input.records);
    else if (input.csv !== undefined) data = await fromCsv(input.csv);
    else {
      const count = input.numbering?.count;
      if (!count) throw AppError.field('records', 'send the data set (records, csv or a CSV file part), or numbering.count for numbered copies without one');
      data = { columns: [], rows: Array.from({ length: count }, () => ({ values: {} })) };
    }
    if (data.rows.length === 0) throw AppError.field(input.records !== undefined ? 'records' : 'csv', 'the data set has no record');
    if (data.rows.length > MAX_RECORDS) throw AppError.field('records', `at most ${MAX_RECORDS} records per merge job`);
    if (data.rows.length * designs.length > MAX_RECORDS * 4) throw AppError.field('project_id', `at most ${MAX_RECORDS * 4} pages per merge job`);

    // Every name a field reads must come from a column (or be {{n}}); every mapping must name a field and a column.
    const mapping = input.mapping ?? {};
    const names = dataNames(sides);
    const known = new Set(names.map((n) => n.name));
    const columns = new Set(data.columns);
    const fields: FieldErrors = {};
    const columnList = data.columns.length ? `one of: ${data.columns.slice(0, 30).join(', ')}` : 'no column: the data set has none';
    for (const [name, column] of Object.entries(mapping)) {
      if (!known.has(name)) (fields[`mapping.${name}`] ??= []).push(`no field or {{token}} is named "${name}"; the design reads: ${[...known].join(', ')}`);
      else if (!columns.has(column) && column !== NUMBER_FIELD) (fields[`mapping.${name}`] ??= []).push(`no column "${column}" in the data set; ${columnList} (or n, the record number)`);
    }
    for (const { name, required } of names) {
      if (!required || mapping[name] !== undefined || name === NUMBER_FIELD || columns.has(name)) continue;
      (fields[`mapping.${name}`] ??= []).push(`the field "${name}" has no column of that name: map it to ${columnList}`);
    }
    if (Object.keys(fields).length) throw AppError.validation(fields);

    const key = dataKey(storeId, randomUUID());
    await this.deps.blobs.put(key, await writeDataSet(data), { contentType: 'application/x-ndjson' });
    const payload: MergePayload = {
      design_id: input.design_id ?? null,
      project_id: input.project_id ?? null,
      design_ids: designs.map((d) => d.id),
      data_key: key,
      record_count: data.rows.length,
      mapping,
      numbering,
      output: input.output ?? 'pdf',
      on_error: input.on_error ?? 'skip',
      crop_marks: input.crop_marks === true,
      color_mode: colour.color_mode,
      pdf_standard: colour.pdf_standard ?? 'none',
      output_profile: colour.output_profile ?? null,
      allow_missing_glyphs: input.allow_missing_glyphs === true,
      ...(colour.color_mode === 'cmyk' ? { black_overprint: colour.black_overprint, rich_black: colour.rich_black, keep_artwork_rich_black: colour.keep_artwork_rich_black } : {}),
    };
    return this.present(await this.deps.jobs.createFree(MERGE_KIND, { accountId: actor.userId, storeId, payload }));
  }

  private async sides(storeId: string, input: MergeInput): Promise<DesignPage[]> {
    if (input.design_id !== undefined) return this.deps.pages.byIds(storeId, [input.design_id]);
    const { pages } = await this.deps.pages.ofProject(storeId, input.project_id!, { max: MAX_PDF_PAGES, empty: 'the project has no designs to merge into' });
    if (pages.length > 20) throw AppError.field('project_id', 'a merge prints at most 20 sides (designs) per record');
    return pages;
  }

  /** The job as GET /jobs/{id} shows it (also the data of its `jobs` event). */
  async present(job: Job<MergePayload, MergeJobResult>): Promise<Static<typeof MergeJob>> {
    const p = job.payload;
    const stem = p.project_id ? `project-${p.project_id}-merge` : `design-${p.design_id}-merge`;
    const { result: r, url, fields } = await fileJobView(this.deps.blobs, MERGE_KIND, job, {
      key: (x) => x.file_key ?? mergeFileKey(job.storeId ?? '', job.id, p.output),
      downloadName: `${stem}.${p.output}`,
      failed: 'the merge failed',
    });
    const total = p.record_count;
    const prog = job.progress as Partial<MergeProgress> | null;
    const current = r ? total : Math.min(total, typeof prog?.current === 'number' ? prog.current : 0);
    return {
      ...fields,
      type: 'merge',
      status: job.status as Static<typeof MergeJob>['status'],
      design_id: p.design_id,
      project_id: p.project_id,
      design_ids: p.design_ids,
      output: p.output,
      on_error: p.on_error,
      crop_marks: p.crop_marks,
      color_mode: p.color_mode ?? 'rgb',
      pdf_standard: p.pdf_standard ?? 'none',
      output_profile: p.output_profile ?? null,
      allow_missing_glyphs: p.allow_missing_glyphs ?? true,
      ...blackView({ ...p, color_mode: p.color_mode ?? 'rgb' }),
      progress: { current, total, percentage: total ? Math.floor((current * 100) / total) : 100 },
      pdf_url: p.output === 'pdf' ? url : null,
      zip_url: p.output === 'zip' ? url : null,
      pages: r ? r.pages : null,
      report: r ? { records: total, merged: r.merged, skipped: r.skipped, shrunk: r.shrunk, overflowed: r.overflowed, details: r.details } : null,
      warnings: r ? r.warnings.map((w) => ({ ...w, page: w.page + 1 })) : [],
    };
  }
}
