import { formatNaira } from "../../../domain/money.ts";
import { shortNaira, type SpendMonth, type SpendProduct } from "../../../domain/spending.ts";

// Spend at a glance (decisions 033 and 042): six months of spending as stacked bars, drawn on
// the server as SVG (no script, no chart library), each bar labelled with its month's total,
// and the same figures as a table behind "Show the figures" (<details>, no script needed), open
// on paper.

const WIDTH = 320;
const HEIGHT = 170;
const AXIS = 20;
/** Room over the highest bar for its label. */
const LABEL_ROOM = 16;
const BAR_GAP = 14;

/** The chart's words in the person's language, said in the dashboard's loader (decision 059). */
export type SpendChartWords = {
  /** "Spending per month: Jun 2026 ₦0, …": the picture's name. */
  label: string;
  empty: string;
  products: string;
  showFigures: string;
  caption: string;
  month: string;
  total: string;
  /** Each product's name, in the order the chart lists them. */
  names: Record<SpendProduct, string>;
  /** Each product's colour (spendColour), sent with the names so the page's script carries no product table. */
  colours: Record<SpendProduct, string>;
};

export function SpendChart({ months, words }: { months: SpendMonth[]; words: SpendChartWords }) {
  const highest = Math.max(1, ...months.map((month) => month.totalKobo));
  const products = Object.keys(words.names) as SpendProduct[];
  const used = products.filter((product) => months.some((month) => month.byProduct[product] > 0));
  const barWidth = (WIDTH - BAR_GAP * (months.length + 1)) / Math.max(1, months.length);
  const plotHeight = HEIGHT - AXIS;
  const barRoom = plotHeight - LABEL_ROOM;
  return (
    <div className="spend-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={words.label}>
        {months.map((month, index) => {
          const x = BAR_GAP + index * (barWidth + BAR_GAP);
          let top = plotHeight;
          return (
            <g key={month.key}>
              {used.map((product) => {
                const height = (month.byProduct[product] / highest) * barRoom;
                top -= height;
                return height > 0 ? (
                  <rect key={product} x={x} y={top} width={barWidth} height={height} fill={words.colours[product]} />
                ) : null;
              })}
              <text x={x + barWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="currentColor">
                {month.short}
              </text>
              <text
                x={x + barWidth / 2}
                y={plotHeight - (Math.max(0, month.totalKobo) / highest) * barRoom - 4}
                textAnchor="middle"
                fontSize="10"
                fill="currentColor"
              >
                {shortNaira(month.totalKobo)}
              </text>
            </g>
          );
        })}
        <line x1="0" y1={plotHeight} x2={WIDTH} y2={plotHeight} stroke="#5c5f66" strokeWidth="1" />
      </svg>
      {used.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <ul className="inline-list" aria-label={words.products}>
          {used.map((product) => (
            <li key={product}>
              {/* A presentation attribute, not a style: the CSP allows no inline styles. */}
              <svg width="12" height="12" viewBox="0 0 10 10" aria-hidden="true">
                <rect width="10" height="10" fill={words.colours[product]} />
              </svg>{" "}
              {words.names[product]}
            </li>
          ))}
        </ul>
      )}
      <details className="spend-figures">
        <summary>{words.showFigures}</summary>
        <table>
          <caption>{words.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.month}</th>
              {used.map((product) => (
                <th scope="col" key={product}>
                  {words.names[product]}
                </th>
              ))}
              <th scope="col">{words.total}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key}>
                <th scope="row">{month.label}</th>
                {used.map((product) => (
                  <td key={product} className="money">
                    {formatNaira(month.byProduct[product])}
                  </td>
                ))}
                <td className="money">{formatNaira(month.totalKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
