import { fileTypeFromBuffer } from 'file-type';

export interface Sniffed {
  mime: string;
  ext: string;
}

/**
 * The content type from the bytes, never from the sender's header (file-type's magic
 * numbers, plus SVG, which is text). Null when the bytes say nothing known.
 */
export async function sniffType(body: Uint8Array): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(body);
  // file-type calls any document with an XML declaration application/xml.
  if ((!found || found.mime === 'application/xml') && looksLikeSvg(body)) return { mime: 'image/svg+xml', ext: 'svg' };
  return found ? { mime: found.mime, ext: found.ext } : null;
}

function looksLikeSvg(body: Uint8Array): boolean {
  let head = Buffer.from(body.subarray(0, 4096)).toString('utf8');
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  // Skip the XML declaration, comments and a doctype before the root element.
  head = head.replace(/^\s*(<\?xml[^>]*\?>)?(\s|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>]/i.test(head);
}
