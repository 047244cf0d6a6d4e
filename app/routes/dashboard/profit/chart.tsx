import { shortNaira } from "../../../domain/spending.ts";

// Profit by day (decision 085), drawn on the server as SVG as the spending chart is (no script,
// no chart library): a bar a day, up for a profit and down for a loss, each with its figure
// written, and the day of the month under it. The page's table holds the exact figures.

const WIDTH = 320;
const HEIGHT = 170;
/** Room under the plot for the days, and over and under the bars for their figures. */
const AXIS = 16;
const LABEL_ROOM = 14;

export type ProfitDay = { day: string; profitKobo: number };

export function ProfitChart({ days, label }: { days: ProfitDay[]; label: string }) {
  const highest = Math.max(0, ...days.map((day) => day.profitKobo));
  const lowest = Math.min(0, ...days.map((day) => day.profitKobo));
  const span = Math.max(1, highest - lowest);
  const plotTop = LABEL_ROOM;
  const plotHeight = HEIGHT - AXIS - 2 * LABEL_ROOM;
  const zero = plotTop + (highest / span) * plotHeight;
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  // A month's 31 figures do not fit side by side: they stand upright, and only days that moved are written.
  const many = days.length > 7;
  return (
    <div className="spend-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {days.map((day, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          const height = (Math.abs(day.profitKobo) / span) * plotHeight;
          const top = day.profitKobo >= 0 ? zero - height : zero;
          const figureY = day.profitKobo >= 0 ? top - 3 : top + height + (many ? 3 : 10);
          const middle = x + barWidth / 2;
          return (
            <g key={day.day}>
              {height > 0 ? (
                <rect
                  x={x}
                  y={top}
                  width={barWidth}
                  height={height}
                  fill={day.profitKobo >= 0 ? "#0b6e4f" : "#b3261e"}
                />
              ) : null}
              {day.profitKobo === 0 && many ? null : (
                <text
                  x={middle}
                  y={figureY}
                  textAnchor={many ? (day.profitKobo >= 0 ? "start" : "end") : "middle"}
                  transform={many ? `rotate(-90 ${middle} ${figureY})` : undefined}
                  fontSize={many ? "8" : "10"}
                  fill="currentColor"
                >
                  {shortNaira(day.profitKobo)}
                </text>
              )}
              <text x={middle} y={HEIGHT - 4} textAnchor="middle" fontSize={many ? "7" : "10"} fill="currentColor">
                {Number(day.day.slice(8))}
              </text>
            </g>
          );
        })}
        <line x1="0" y1={zero} x2={WIDTH} y2={zero} stroke="#5c5f66" strokeWidth="1" />
      </svg>
    </div>
  );
}
