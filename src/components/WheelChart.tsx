// The wheel: one wedge per arena, its radius the score (0-10), guide rings at 2, 4, 6, 8 and 10,
// the total in the centre. Pure SVG from d3-shape, so the server renders it and islands reuse it.
import { arc } from 'd3-shape';

export interface ScoreItem {
  name: string;
  value: number;
  color: string;
}

export const WHEEL_SIZE = 350;
const RINGS = [2, 4, 6, 8, 10];
const LABEL_MARGIN = 46;

export interface WheelChartProps {
  items: ScoreItem[];
  keystone?: string | null;
  weakest?: string | null;
  size?: number;
  title?: string;
}

export function WheelChart({ items, keystone, weakest, size = WHEEL_SIZE, title = 'Wheel of your seven arenas' }: WheelChartProps) {
  const centre = size / 2;
  const radius = centre - LABEL_MARGIN;
  const step = (2 * Math.PI) / Math.max(items.length, 1);
  const total = items.reduce((sum, item) => sum + item.value, 0);
  const wedge = arc<{ outer: number; start: number; end: number }>()
    .innerRadius(0)
    .outerRadius((d) => d.outer)
    .startAngle((d) => d.start)
    .endAngle((d) => d.end)
    .padAngle(0.015);
  const summary = items.map((item) => `${item.name} ${item.value.toFixed(1)}`).join(', ');

  return (
    <svg
      className="wheel"
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      role="img"
      aria-label={`${title}: ${summary}. Total ${total.toFixed(1)} / 70${keystone ? `. Keystone: ${keystone}` : ''}`}
    >
      <g transform={`translate(${centre},${centre})`}>
        {RINGS.map((ring) => (
          <circle key={ring} r={(radius * ring) / 10} className="wheel-ring" fill="none" />
        ))}
        {items.map((item, i) => {
          const start = i * step;
          const end = start + step;
          const d = wedge({ outer: (radius * Math.max(0, Math.min(10, item.value))) / 10, start, end }) ?? '';
          const mid = start + step / 2;
          const labelRadius = radius + 22;
          const x = Math.sin(mid) * labelRadius;
          const y = -Math.cos(mid) * labelRadius;
          const isKeystone = item.name === keystone;
          return (
            <g key={item.name} className={`wheel-wedge${isKeystone ? ' wheel-keystone' : ''}${item.name === weakest ? ' wheel-weakest' : ''}`}>
              <path d={d} fill={item.color} fillOpacity={isKeystone ? 0.95 : 0.75} stroke={isKeystone ? '#111' : 'none'} strokeWidth={isKeystone ? 2 : 0} />
              <text x={x} y={y} textAnchor="middle" dominantBaseline="middle" className="wheel-label">
                {item.name}
              </text>
              <text x={x} y={y + 14} textAnchor="middle" dominantBaseline="middle" className="wheel-value">
                {item.value.toFixed(1)}
                {item.name === weakest ? ' ▼' : ''}
              </text>
            </g>
          );
        })}
        <circle r={30} className="wheel-centre" />
        <text textAnchor="middle" dominantBaseline="middle" y={-6} className="wheel-total">
          {total.toFixed(1)}
        </text>
        <text textAnchor="middle" dominantBaseline="middle" y={12} className="wheel-total-of">
          / 70
        </text>
      </g>
    </svg>
  );
}
