import { crc32 } from 'node:zlib';

/**
 * One PNG chunk as its parts: length, type, the data itself (not copied) and the CRC-32 of
 * type and data. For a writer that concatenates a whole file once (the cut-out encoder's
 * multi-megabyte IDAT).
 */
export function pngChunkParts(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return [head, data, tail];
}

/** One PNG chunk: length, type, data and its CRC-32. */
export function pngChunk(type: string, data: Buffer): Buffer {
  return Buffer.concat(pngChunkParts(type, data));
}
