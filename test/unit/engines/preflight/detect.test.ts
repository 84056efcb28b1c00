import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../../src/engines/preflight/index.js';

const bytes = (...b: number[]) => Buffer.from(b);

describe('detectFileType', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ['tiff', bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0)],
    ['tiff', bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8)],
    ['tiff', bytes(0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0)], // BigTIFF
    ['pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')],
    ['pdf', Buffer.concat([Buffer.alloc(200, 0x20), Buffer.from('%PDF-1.4\n')])], // header after junk, within 1024 bytes
  ])('recognises %s', (type, b) => {
    expect(detectFileType(b)).toBe(type);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('hello world')],
    ['PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47)],
    ['GIF', Buffer.from('GIF89a')],
    ['PDF header beyond 1024 bytes', Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.4\n')])],
  ])('returns null for %s', (_name, b) => {
    expect(detectFileType(b)).toBeNull();
  });

  it('reads a Uint8Array view at an offset', () => {
    const backing = Buffer.concat([Buffer.from('xxxx'), bytes(0xff, 0xd8, 0xff, 0xdb)]);
    expect(detectFileType(new Uint8Array(backing.buffer, backing.byteOffset + 4, 4))).toBe('jpeg');
  });
});
