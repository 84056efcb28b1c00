/**
 * Variable-data engine. Pure: a design's sides (PageSpecs whose layers carry `field`
 * metadata), records and an asset resolver in; one merged PDF or a ZIP of one PDF per record,
 * plus a per-record report, out. Built on the print engine (src/engines/pdf): the same page
 * boxes, text shaping, fonts and vector artwork.
 *
 *   const out = await mergeRecords([side], [{ record: 1, values: { name: 'Ada' } }], assets, { output: 'pdf', onError: 'skip' });
 */
export { mergeRecords, prepareSides, dataNames, MergeRecordFailure, NothingMerged, FieldDefinitionError } from './merge.js';
export type { MergeRecord, MergeOptions, MergeResult, RecordReport, RecordIssue, OnError } from './merge.js';
export { FIELD_TYPES, TEXT_FITS, IMAGE_FITS, SYMBOLOGIES, QR_ERROR_LEVELS, NUMBER_FIELD, DEFAULT_MIN_FONT_SIZE, parseField, fieldLayers, tokensOf, fillTokens } from './fields.js';
export type { FieldSpec, FieldType, Symbology, FieldLayer, FieldIssue } from './fields.js';
export { barcodeSvg, BarcodeError } from './barcodes.js';
