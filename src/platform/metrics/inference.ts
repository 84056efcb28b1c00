import { Metrics, WORK_BUCKETS } from './metrics.js';

/** Times a model call: `time('segmentation', () => provider.remove(...))`. */
export type InferenceTimer = <T>(model: string, work: () => Promise<T>) => Promise<T>;

/** Runs the work untimed (no metrics, tests). */
export const untimed: InferenceTimer = (_model, work) => work();

/**
 * folio_model_inference_seconds{model,outcome}: the vision models' latency, measured where
 * the services call the engines (the engines stay free of metrics). `model` is a short fixed
 * name per call site; `outcome` is ok or error.
 */
export function inferenceTimer(metrics: Metrics): InferenceTimer {
  if (!metrics.enabled) return untimed;
  const h = metrics.histogram('folio_model_inference_seconds', 'Latency of model inference calls (background removal, face detection, embedding, matching)', ['model', 'outcome'], WORK_BUCKETS);
  return (model, work) => Metrics.time(h, { model }, work);
}
