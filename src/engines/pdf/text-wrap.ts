/**
 * Textbox line breaking exactly as Fabric.js 6 does it (Textbox.wrapText / _wrapLine /
 * _generateStyleMap): words (or graphemes) measured with the layout's measurer, lines broken
 * at the widest of the declared width, the widest word and the dynamic minimum width, then
 * the map from each wrapped line back to its unwrapped line and character offset (where
 * per-character styles are keyed).
 */
import { graphemeSplit } from './text-styles.js';

const WORD_JOINERS = /[ \t\r]/;
const RE_SPACE_AND_TAB = /[ \t\r]/;

/** A wrapped line's place in the unwrapped text. */
export interface MapEntry {
  line: number;
  offset: number;
}

export interface WrapInput {
  /** the text split at newlines */
  lines: string[];
  /** declared textbox width */
  width: number;
  splitByGrapheme: boolean;
  /** charSpacing in px (fontSize × charSpacing / 1000) */
  charSpacingWidth: number;
  /** kerned width of a word starting at `charOffset` of unwrapped line `lineIndex` */
  measureWord(word: string[], lineIndex: number, charOffset: number): number;
}

export interface Wrapped {
  graphemeLines: string[][];
  /** Fabric's dynamicMinWidth: the widest word, which the textbox grows to */
  dynamicMinWidth: number;
}

type WordsData = { word: string[]; width: number }[][];

export function wrapText(input: WrapInput): Wrapped {
  const byGrapheme = input.splitByGrapheme;
  const infix = byGrapheme ? '' : ' ';
  let largestWordWidth = 0;
  const wordsData: WordsData = input.lines.map((line, lineIndex) => {
    let offset = 0;
    const parts = byGrapheme ? graphemeSplit(line) : line.split(WORD_JOINERS);
    if (parts.length === 0) return [{ word: [] as string[], width: 0 }];
    return parts.map((part) => {
      const word = byGrapheme ? [part] : graphemeSplit(part);
      const width = input.measureWord(word, lineIndex, offset);
      largestWordWidth = Math.max(width, largestWordWidth);
      offset += word.length + infix.length;
      return { word, width };
    });
  });
  const state = { dynamicMinWidth: 0 };
  const graphemeLines: string[][] = [];
  for (let i = 0; i < wordsData.length; i++) graphemeLines.push(...wrapLine(input, state, i, wordsData, largestWordWidth));
  return { graphemeLines, dynamicMinWidth: state.dynamicMinWidth };
}

function wrapLine(input: WrapInput, state: { dynamicMinWidth: number }, lineIndex: number, wordsData: WordsData, largestWordWidth: number): string[][] {
  const additionalSpace = input.charSpacingWidth;
  const byGrapheme = input.splitByGrapheme;
  const infix = byGrapheme ? '' : ' ';
  const graphemeLines: string[][] = [];
  let lineWidth = 0;
  let line: string[] = [];
  let offset = 0;
  let infixWidth = 0;
  let lineJustStarted = true;
  const maxWidth = Math.max(input.width, largestWordWidth, state.dynamicMinWidth);
  const data = wordsData[lineIndex]!;
  let i: number;
  for (i = 0; i < data.length; i++) {
    const { word, width: wordWidth } = data[i]!;
    offset += word.length;
    lineWidth += infixWidth + wordWidth - additionalSpace;
    if (lineWidth > maxWidth && !lineJustStarted) {
      graphemeLines.push(line);
      line = [];
      lineWidth = wordWidth;
      lineJustStarted = true;
    } else {
      lineWidth += additionalSpace;
    }
    if (!lineJustStarted && !byGrapheme) line.push(infix);
    // appended in place: concat copied the whole line per word (quadratic in a long line's words)
    for (const g of word) line.push(g);
    infixWidth = byGrapheme ? 0 : input.measureWord([infix], lineIndex, offset);
    offset++;
    lineJustStarted = false;
  }
  if (i) graphemeLines.push(line);
  if (largestWordWidth > state.dynamicMinWidth) state.dynamicMinWidth = largestWordWidth - additionalSpace;
  return graphemeLines;
}

/** Fabric's _generateStyleMap: each wrapped line's unwrapped line and character offset. */
export function generateStyleMap(graphemeText: string[], graphemeLines: string[][], splitByGrapheme: boolean): MapEntry[] {
  let realLineCount = 0;
  let realLineCharCount = 0;
  let charCount = 0;
  const map: MapEntry[] = [];
  for (let i = 0; i < graphemeLines.length; i++) {
    if (graphemeText[charCount] === '\n' && i > 0) {
      realLineCharCount = 0;
      charCount++;
      realLineCount++;
    } else if (!splitByGrapheme && RE_SPACE_AND_TAB.test(graphemeText[charCount] ?? '') && i > 0) {
      realLineCharCount++;
      charCount++;
    }
    map[i] = { line: realLineCount, offset: realLineCharCount };
    charCount += graphemeLines[i]!.length;
    realLineCharCount += graphemeLines[i]!.length;
  }
  return map;
}
