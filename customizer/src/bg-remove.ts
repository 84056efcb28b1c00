/**
 * "Remove background" in the image tools (issue 44, item 8): offered only when the store
 * allows it (`editor_background_removal` of GET /stores/store-details). The selected image's
 * cut-out is made by the service (POST /images/{id}/remove-background, paid by the store's
 * owner), polled until done, and then replaces the image's source in place: its frame, crop
 * and position stay, as one undo step. The shopper never sees tokens or wallets; a failure
 * is a sentence in the page's language.
 */
import { ApiError, type ApiImage } from './api.js';
import { t } from './i18n/index.js';
import { selectedImage } from './images.js';
import type { SideCanvas } from './side-canvas.js';
import { action, requireSide, state } from './state.js';

const button = () => document.getElementById('remove-bg') as HTMLButtonElement;
/** polling: every second, for at most three minutes */
const POLL_MS = 1000;
const POLL_LIMIT = 180;

/** Shows the button when the store allows it (a store that does not, or a failed read, hides it). */
export async function offerBgRemove(): Promise<void> {
  const allowed = await state.api.storeAllowsBgRemove().catch(() => false);
  button().hidden = !allowed;
}

export function wireBgRemove(refresh: () => void): void {
  button().addEventListener('click', () => {
    const b = button();
    if (b.disabled) return;
    b.disabled = true;
    b.setAttribute('aria-busy', 'true');
    void action(t('bg.removing'), removeBackground).finally(() => {
      b.disabled = false;
      b.removeAttribute('aria-busy');
      refresh();
    });
  });
}

async function removeBackground(): Promise<string> {
  const side = requireSide();
  const img = selectedImage(side);
  if (!img?.image_id) throw new Error(t('err.selectImage'));
  const imageId = img.image_id;
  let image: ApiImage;
  try {
    let job = await state.api.removeBackground(imageId);
    for (let i = 0; job.status === 'processing' && i < POLL_LIMIT; i++) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      job = await state.api.removeBackgroundJob(imageId, job.job_id);
    }
    if (job.status !== 'completed' || !job.image) throw new Error(t('bg.failed'));
    image = job.image;
  } catch (err) {
    throw new Error(reason(err));
  }
  await swapSource(side, img, image);
  return t('bg.done');
}

/** The API's refusals as the shopper should read them (no codes, no wallet). */
function reason(err: unknown): string {
  if (err instanceof ApiError) {
    const code = (err.body as { error?: { code?: string } } | null)?.error?.code;
    if (code === 'not_enabled') return t('bg.notEnabled');
    if (code === 'store_out_of_tokens') return t('bg.unavailable');
    if (code === 'unsupported_media_type') return t('bg.unsupported');
  }
  return err instanceof Error && err.message === t('bg.failed') ? err.message : t('bg.failed');
}

/** The cut-out has the source's pixel size: the same crop, scale and place show the same part of it. */
async function swapSource(side: SideCanvas, img: NonNullable<ReturnType<typeof selectedImage>>, image: ApiImage): Promise<void> {
  const keep = { width: img.width, height: img.height, cropX: img.cropX, cropY: img.cropY, scaleX: img.scaleX, scaleY: img.scaleY, left: img.left, top: img.top, angle: img.angle };
  await img.setSrc(image.url);
  side.batch(() => {
    img.image_id = image.id;
    img.name = image.name;
    img.set(keep);
    img.setCoords();
  });
  side.canvas.requestRenderAll();
}
