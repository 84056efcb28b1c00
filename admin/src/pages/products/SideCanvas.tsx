/**
 * The side drawn to scale: the trim box, the bleed outside it and the safe zone inside it, over
 * the side's (or the product's) photo or a neutral page. Ten handles move the trim width and
 * height and each bleed and safe edge: dragged with the mouse (pointer capture; the frame is
 * held still while dragging so the handle stays under the pointer) or moved with the arrow keys
 * when focused (shift: ten steps). The drawing is physical, so it is never mirrored in RTL.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useT } from '../../app/i18n.tsx';
import { HANDLES, snap, STEP, toApi, toShown, valueOf, withValue, type ApiUnit, type Geometry, type Handle, type ShownUnit } from './geometry.ts';
import { m } from './messages.ts';

const COLOURS = { trim: '#1c7ed6', bleed: '#e03131', safe: '#2f9e44' } as const;

interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

function frameOf(g: Geometry): Frame {
  const w = g.width + g.bleed.left + g.bleed.right;
  const h = g.height + g.bleed.top + g.bleed.bottom;
  const pad = Math.max(w, h) * 0.18;
  return { x: -g.bleed.left - pad, y: -g.bleed.top - pad, w: w + 2 * pad, h: h + 2 * pad };
}

/** Where a handle sits: trim handles mid-edge, bleed ones at a quarter, safe ones at three quarters. */
function position(g: Geometry, h: Handle): { x: number; y: number } {
  const along = h.kind === 'trim' ? 0.5 : h.kind === 'bleed' ? 0.25 : 0.75;
  const v = valueOf(g, h);
  if (h.kind === 'trim') return h.axis === 'x' ? { x: g.width, y: g.height * along } : { x: g.width * along, y: g.height };
  const out = h.kind === 'bleed' ? 1 : -1;
  switch (h.edge) {
    case 'top':
      return { x: g.width * along, y: -out * v };
    case 'bottom':
      return { x: g.width * along, y: g.height + out * v };
    case 'left':
      return { x: -out * v, y: g.height * along };
    default:
      return { x: g.width + out * v, y: g.height * along };
  }
}

export interface SideCanvasProps {
  geometry: Geometry;
  onChange: (g: Geometry) => void;
  unit: ApiUnit;
  shown: ShownUnit;
  image?: string | null;
}

export function SideCanvas({ geometry: g, onChange, unit, shown, image }: SideCanvasProps) {
  const t = useT(m);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ handle: Handle; start: number; from: number; perUnit: number } | null>(null);
  const [held, setHeld] = useState<Frame | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const frame = held ?? frameOf(g);
  const r = frame.w * 0.011;
  const minTrim = toApi(STEP[shown], unit, shown);

  const set = (h: Handle, apiValue: number) => {
    const v = toApi(snap(toShown(apiValue, unit, shown), shown), unit, shown);
    onChange(withValue(g, h, v, minTrim));
  };
  const label = (h: Handle) => t('handle', { what: h.kind === 'trim' ? t(h.axis === 'x' ? 'width' : 'height') : t(h.kind), edge: t(h.edge) });

  const down = (h: Handle) => (e: PointerEvent<SVGElement>) => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    (e.currentTarget as SVGElement).focus();
    drag.current = { handle: h, start: h.axis === 'x' ? e.clientX : e.clientY, from: valueOf(g, h), perUnit: h.axis === 'x' ? ctm.a : ctm.d };
    setHeld(frame);
  };
  const move = (e: PointerEvent<SVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const delta = ((d.handle.axis === 'x' ? e.clientX : e.clientY) - d.start) / d.perUnit;
    set(d.handle, d.from + d.handle.sign * delta);
  };
  const up = (e: PointerEvent<SVGElement>) => {
    if (!drag.current) return;
    e.currentTarget.releasePointerCapture(e.pointerId);
    drag.current = null;
    setHeld(null);
  };
  const key = (h: Handle) => (e: KeyboardEvent<SVGElement>) => {
    const dir = h.axis === 'x' ? ({ ArrowRight: 1, ArrowLeft: -1 } as Record<string, number>)[e.key] : ({ ArrowDown: 1, ArrowUp: -1 } as Record<string, number>)[e.key];
    if (!dir) return;
    e.preventDefault();
    const step = toApi(STEP[shown] * (e.shiftKey ? 10 : 1), unit, shown);
    set(h, valueOf(g, h) + dir * h.sign * step);
  };

  const bleedBox = { x: -g.bleed.left, y: -g.bleed.top, w: g.width + g.bleed.left + g.bleed.right, h: g.height + g.bleed.top + g.bleed.bottom };
  const safe = { x: g.safe_zone.left, y: g.safe_zone.top, w: Math.max(0, g.width - g.safe_zone.left - g.safe_zone.right), h: Math.max(0, g.height - g.safe_zone.top - g.safe_zone.bottom) };
  const line = frame.w * 0.003;

  return (
    <div>
      <Box dir="ltr">
      <svg
        ref={svg}
        role="group"
        aria-label={t('drawing')}
        viewBox={`${frame.x} ${frame.y} ${frame.w} ${frame.h}`}
        preserveAspectRatio="xMidYMid meet"
        style={{ width: '100%', height: 'min(60vh, 560px)', display: 'block', background: 'var(--mantine-color-gray-2)', borderRadius: 8, touchAction: 'none', userSelect: 'none' }}
        data-testid="side-canvas"
      >
        <rect x={bleedBox.x} y={bleedBox.y} width={bleedBox.w} height={bleedBox.h} fill="#ffffff" />
        {image ? <image href={image} x={bleedBox.x} y={bleedBox.y} width={bleedBox.w} height={bleedBox.h} preserveAspectRatio="xMidYMid slice" /> : null}
        <path
          fillRule="evenodd"
          fill={COLOURS.bleed}
          fillOpacity={0.18}
          d={`M${bleedBox.x} ${bleedBox.y}h${bleedBox.w}v${bleedBox.h}h${-bleedBox.w}z M0 0v${g.height}h${g.width}v${-g.height}z`}
        />
        <rect x={bleedBox.x} y={bleedBox.y} width={bleedBox.w} height={bleedBox.h} fill="none" stroke="#ffffff" strokeWidth={line * 2.4} />
        <rect x={bleedBox.x} y={bleedBox.y} width={bleedBox.w} height={bleedBox.h} fill="none" stroke={COLOURS.bleed} strokeWidth={line * 1.2} strokeDasharray={`${line * 4} ${line * 2}`} />
        {/* a white halo under each line keeps it visible over any photo */}
        <rect x={0} y={0} width={g.width} height={g.height} fill="none" stroke="#ffffff" strokeWidth={line * 3.2} />
        <rect x={0} y={0} width={g.width} height={g.height} fill="none" stroke={COLOURS.trim} strokeWidth={line * 1.6} />
        <rect x={safe.x} y={safe.y} width={safe.w} height={safe.h} fill="none" stroke="#ffffff" strokeWidth={line * 2.4} />
        <rect x={safe.x} y={safe.y} width={safe.w} height={safe.h} fill="none" stroke={COLOURS.safe} strokeWidth={line * 1.2} strokeDasharray={`${line * 3} ${line * 2}`} />
        {HANDLES.map((h) => {
          const p = position(g, h);
          const v = valueOf(g, h);
          const shownV = toShown(v, unit, shown);
          return (
            <g
              key={h.id}
              data-handle={h.id}
              role="slider"
              tabIndex={0}
              aria-label={label(h)}
              aria-orientation={h.axis === 'x' ? 'horizontal' : 'vertical'}
              aria-valuenow={shownV}
              aria-valuemin={0}
              aria-valuetext={`${shownV} ${shown}`}
              style={{ cursor: h.axis === 'x' ? 'ew-resize' : 'ns-resize', outline: 'none' }}
              onPointerDown={down(h)}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
              onKeyDown={key(h)}
              onFocus={() => setFocused(h.id)}
              onBlur={() => setFocused((f) => (f === h.id ? null : f))}
            >
              {focused === h.id ? <circle cx={p.x} cy={p.y} r={r * 1.9} fill="none" stroke="#000000" strokeWidth={line * 1.2} /> : null}
              {h.kind === 'trim' ? (
                <rect x={p.x - r} y={p.y - r} width={2 * r} height={2 * r} fill={COLOURS.trim} stroke="#ffffff" strokeWidth={line} />
              ) : h.kind === 'bleed' ? (
                <circle cx={p.x} cy={p.y} r={r} fill={COLOURS.bleed} stroke="#ffffff" strokeWidth={line} />
              ) : (
                <path d={`M${p.x} ${p.y - r * 1.25}l${r * 1.25} ${r * 1.25}l${-r * 1.25} ${r * 1.25}l${-r * 1.25} ${-r * 1.25}z`} fill={COLOURS.safe} stroke="#ffffff" strokeWidth={line} />
              )}
            </g>
          );
        })}
      </svg>
      </Box>
      <Group gap="lg" mt="xs">
        {(['trim', 'bleed', 'safe'] as const).map((k) => (
          <Group key={k} gap={6}>
            <Box w={14} h={14} style={{ background: COLOURS[k], borderRadius: k === 'bleed' ? 7 : 2 }} aria-hidden />
            <Text size="sm">{t(k === 'trim' ? 'legendTrim' : k === 'bleed' ? 'legendBleed' : 'legendSafe')}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
