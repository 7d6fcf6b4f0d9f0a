/**
 * A chart as data: the page's script turns it into a Chart.js chart. Colours are
 * chosen on the server so a player keeps its colour across every panel.
 */
export interface ChartSpec {
  /** Id of the canvas the chart draws into; unique on the page. */
  id: string;
  title: string;
  kind: 'line' | 'bar';
  labels: Array<string | number>;
  datasets: ChartDataset[];
  /** What each axis counts, as its title; the x axis is `round` unless said (Influence's votes run along players). */
  axes?: { x?: string; y?: string };
}

export interface ChartDataset {
  label: string;
  data: Array<number | null>;
  color: string;
  /** Indexes into the chart's labels where this line carries a mark (Trust: a missed high five), told in the chart's title. */
  marks?: number[];
}

/** What a renderer gives the page: HTML plus the charts whose canvases that HTML holds. */
export interface Rendered {
  html: string;
  charts: ChartSpec[];
}

/** The canvas of a chart, in a box of fixed height (Chart.js then fills it). */
export function chartBox(id: string, height = 240): string {
  return `<div class="chart" style="position:relative;height:${height}px"><canvas id="${id}"></canvas></div>`;
}
