/**
 * The imposition's heavy step, run in a sandbox thread under a time and heap budget: the
 * source PDF parsed, the plan made and drawn, the file saved, the report taken from the plan.
 * Imports only the engine and the pure options file, so it loads alone in a fresh thread.
 */
import { impose, imposeBooklet, type BookletOptions, type ImposeOptions, type MarkOptions } from '../../engines/imposition/index.js';
import { engineOptions, reportOf, type ImpositionOptions, type ImpositionReportData } from './imposition.options.js';

export interface ImposeTaskInput {
  source: Uint8Array;
  options: ImpositionOptions;
  marks: MarkOptions;
  title: string;
}

export interface ImposeTaskOutput {
  pdf: Uint8Array;
  report: ImpositionReportData;
}

/** Imposes the source as the options say (ImpositionError for what cannot be done). */
export async function imposeTask(input: ImposeTaskInput): Promise<ImposeTaskOutput> {
  const o = input.options;
  const draw = { marks: input.marks, title: input.title };
  let used: ImposeOptions | null = null;
  const out = o.booklet
    ? await imposeBooklet(input.source, (src) => (engineOptions(o, src) as { booklet: BookletOptions }).booklet, draw)
    : await impose(input.source, (src) => (used = (engineOptions(o, src) as { flat: ImposeOptions }).flat), draw);
  return { pdf: out.pdf, report: reportOf(out.plan, out.source, used) };
}
