import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (four levels above this folder). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
/** Face photos committed with the tests (sources and licences: test/fixtures/faces/README.md). */
export const FACES_DIR = path.resolve(REPO_ROOT, 'test', 'fixtures', 'faces');

export const SINGLE_FACE_PHOTOS = ['astronaut.png', 'camera.png', 'julia_facedetect_sample.jpg', 'messi5.jpg'] as const;
export const GROUP_PHOTO = 'facereg.jpg';

export function face(name: string): Buffer {
  return readFileSync(path.join(FACES_DIR, name));
}
