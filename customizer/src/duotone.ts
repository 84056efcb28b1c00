/**
 * The Duotone filter as a Fabric class (`{ type: 'Duotone', spot, cmyk }`, registered in
 * Fabric's classRegistry so a layer's filters round-trip through toJSON, a reload and undo).
 * Its pixels are src/engines/pdf/duotone.ts's `duotonePixels`, the maths the print file's
 * two-ink image uses. `installDuotone` refers to nothing outside its body but its arguments:
 * the fidelity test sends it, as source text, to a page running Fabric's browser bundle.
 */
import { classRegistry, filters } from 'fabric';
import { duotonePixels } from '../../src/engines/pdf/duotone.js';

export interface DuotoneInk {
  spot: string;
  cmyk: [number, number, number, number];
}

type FabricLike = { filters: { BaseFilter: new (o?: Record<string, unknown>) => object }; classRegistry: { setClass(c: unknown, type?: string): void } };
type Pixels = (data: Uint8ClampedArray, cmyk: readonly number[]) => void;

/** Defines and registers the class; returns it. */
export function installDuotone(fabric: FabricLike, pixels: Pixels): new (o: DuotoneInk) => object {
  class Duotone extends fabric.filters.BaseFilter {
    declare spot: string;
    declare cmyk: number[];

    applyTo2d(options: { imageData: { data: Uint8ClampedArray } }): void {
      pixels(options.imageData.data, this.cmyk);
    }

    isNeutralState(): boolean {
      return false;
    }

    getCacheKey(): string {
      return `Duotone_${this.spot}_${this.cmyk.join(',')}`;
    }
  }
  // static members set here (no class fields: the source sent to a page stays plain)
  Object.assign(Duotone, { type: 'Duotone', defaults: { spot: '', cmyk: [0, 0, 0, 100] } });
  fabric.classRegistry.setClass(Duotone, 'Duotone');
  return Duotone as unknown as new (o: DuotoneInk) => object;
}

/** Fabric's Duotone filter (registered on import). */
export const Duotone = installDuotone({ filters, classRegistry } as unknown as FabricLike, duotonePixels);
