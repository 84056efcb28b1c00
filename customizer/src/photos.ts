/**
 * Cliparts and photos: the clipart category's thumbnails (a click adds one), a photo uploaded
 * from the device (`POST /images`, type designs) and the selected image replaced by another.
 */
import type { ApiImage } from './api.js';
import { t } from './i18n/index.js';
import { replaceImage, selectedImage } from './images.js';
import { action, requireSide, state, ui } from './state.js';

export async function showCliparts(value: string): Promise<void> {
  const [scope, id] = value.split(':') as ['own' | 'default', string];
  const api = state.api;
  const list: ApiImage[] = id === '*' ? await (scope === 'own' ? api.cliparts() : api.defaultCliparts()) : await api.categoryCliparts(id, scope === 'default');
  ui.cliparts.replaceChildren(
    ...list.map((img) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.title = img.name;
      b.setAttribute('aria-label', img.name);
      b.dataset.imageId = img.id;
      const thumb = document.createElement('img');
      thumb.src = img.thumbnails.small ?? img.url;
      thumb.alt = '';
      b.append(thumb);
      b.addEventListener('click', () => void action(t('do.adding', { name: img.name }), async () => (await requireSide().addImage(img), t('done.added', { name: img.name }))));
      return b;
    }),
  );
  if (list.length === 0) {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = t('clipart.none');
    ui.cliparts.append(p);
  }
}

export async function uploadPhoto(): Promise<string | void> {
  const file = ui.photo.files?.[0];
  if (!file) return;
  const side = requireSide();
  const image = await state.api.uploadPhoto(file);
  await side.addImage(image, 0.35);
  ui.photo.value = '';
  return t('done.addedPhoto', { name: image.name });
}

export async function replacePhoto(): Promise<string | void> {
  const file = ui.replace.files?.[0];
  if (!file) return;
  const side = requireSide();
  const img = selectedImage(side);
  if (!img) throw new Error(t('err.selectImage'));
  const image = await state.api.uploadPhoto(file);
  await replaceImage(side, img, image);
  ui.replace.value = '';
  return t('done.replaced', { name: image.name });
}
