// subset-font ships no typings; this covers the call we make.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'truetype' | 'sfnt' | 'woff' | 'woff2';
    preserveNameIds?: number[];
    keepFeatures?: string[];
    noLayoutClosure?: boolean;
    noHinting?: boolean;
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
