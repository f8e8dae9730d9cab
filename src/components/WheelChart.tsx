// The wheel on the page: drawn from wheelGeometry (src/domain/wheel.ts), so the server render and
// the island's hydration produce the same markup. Colours of rings and text come from the
// stylesheet (.wheel-* in src/styles/parts.css); wedge colours and font sizes are attributes.
import { WHEEL_SIZE, type WheelItem, wheelGeometry, wheelSummary } from '../domain/wheel';

type ScoreItem = WheelItem;

export interface WheelChartProps {
  items: ScoreItem[];
  keystone?: string | null;
  weakest?: string | null;
  size?: number;
  title?: string;
}

export function WheelChart({ items, keystone, weakest, size = WHEEL_SIZE, title = 'Wheel of your seven arenas' }: WheelChartProps) {
  const g = wheelGeometry(items, { size, keystone, weakest });
  const summary = wheelSummary(g, title);

  // role="img" makes the drawing one image for assistive technology; the label carries every
  // score, so nothing inside needs to be read out.
  return (
    <svg className="wheel" viewBox={`0 0 ${g.size} ${g.size}`} width={g.size} height={g.size} role="img" aria-label={summary}>
      <g transform={`translate(${g.centre},${g.centre})`}>
        {g.rings.map((ring) => (
          <circle key={ring.value} r={ring.r} className="wheel-ring" fill="none" />
        ))}
        {g.wedges.map((w) => (
          <g key={w.name} className={`wheel-wedge${w.isKeystone ? ' wheel-keystone' : ''}${w.isWeakest ? ' wheel-weakest' : ''}`}>
            <path
              d={w.d}
              fill={w.color}
              fillOpacity={w.isKeystone ? 0.95 : 0.75}
              stroke={w.isKeystone ? '#111' : 'none'}
              strokeWidth={w.isKeystone ? 2 : 0}
            />
            <text x={w.labelX} y={w.labelY} textAnchor={w.anchor} fontSize={g.fonts.label} className="wheel-label">
              {w.name}
            </text>
            <text x={w.labelX} y={w.valueY} textAnchor={w.anchor} fontSize={g.fonts.value} className="wheel-value">
              {w.valueText}
            </text>
          </g>
        ))}
        <circle r={g.hole} className="wheel-centre" />
        <text y={g.totalY} textAnchor="middle" fontSize={g.fonts.total} className="wheel-total">
          {g.totalText}
        </text>
        <text y={g.totalOfY} textAnchor="middle" fontSize={g.fonts.totalOf} className="wheel-total-of">
          {g.totalOfText}
        </text>
      </g>
    </svg>
  );
}
