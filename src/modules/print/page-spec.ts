import type { PageBackground, PageSpec } from '../../engines/pdf/index.js';
import type { DesignJson } from '../designs/designs.service.js';

/** CSS pixels per inch: a design saved without a viewport is laid out on the trim size at 96 px/in. */
const CSS_PX_PER_UNIT = { inch: 96, cm: 96 / 2.54, mm: 96 / 25.4 } as const;

/**
 * One printed page from a design: the geometry of the side as it was when the design was
 * saved (`original_side`), the design's layers in its viewport, and the side's background
 * (a colour, or the side image when the side says it is printed: `background_included`).
 */
export function pageSpecOf(d: DesignJson): PageSpec {
  const side = d.original_side;
  const unit = side.dimension_unit;
  const vw = d.viewport_width ?? d.product?.viewport_width ?? side.width * CSS_PX_PER_UNIT[unit];
  const vh = d.viewport_height ?? d.product?.viewport_height ?? side.height * CSS_PX_PER_UNIT[unit];
  let background: PageBackground | null = null;
  if (side.bg_type === 'color' && side.bg_color_value) background = { color: side.bg_color_value };
  else if (side.bg_type === 'image' && side.background_included && side.side_image_id) background = { image: { imageId: side.side_image_id }, fit: 'cover' };
  return {
    width: side.width,
    height: side.height,
    dimensionUnit: unit,
    bleed: side.bleed,
    safeZone: side.safe_zone,
    dpi: side.dpi,
    viewportWidth: vw,
    viewportHeight: vh,
    background,
    layers: d.layers,
    label: side.name,
  };
}
