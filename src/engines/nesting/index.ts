export { nest, shelfPack, checkFits, overlaps, NestingError } from './nest.js';
export type { NestItem, NestOptions, NestPlacement, NestResult } from './nest.js';
export { MaxRectsBin } from './maxrects.js';
export type { Heuristic, Rect } from './maxrects.js';
