import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A colour of the theme, as the canvas needs it: the stylesheet holds `H S% L%` triples for most. */
const themeColour = (variable: string, alpha = 1) => {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value ? `hsl(${value} / ${alpha})` : `rgba(100, 116, 139, ${alpha})`;
};

/** The accent (a whole colour, not a triple), which reads on light and dark themes alike. */
const accentColour = (percent = 100) => {
  const value =
    getComputedStyle(document.documentElement).getPropertyValue('--accent-text').trim() || '#f97316';
  return percent === 100 ? value : `color-mix(in srgb, ${value} ${percent}%, transparent)`;
};

/**
 * One series over labelled steps (weeks or days), as bars or a line, drawn by uPlot on a canvas that follows
 * its container's width (a phone too). The canvas is a picture only: the figure around it offers the same
 * values as a table.
 */
export function BarLineChart({
  labels,
  values,
  kind,
  height = 200,
}: {
  labels: readonly string[];
  values: readonly number[];
  kind: 'bars' | 'line';
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const stroke = accentColour();
    const axis = {
      stroke: themeColour('--muted-foreground'),
      grid: { stroke: themeColour('--border'), width: 1 },
      ticks: { stroke: themeColour('--border'), width: 1 },
    };
    const plot = new uPlot(
      {
        width: Math.max(200, element.clientWidth),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false }, y: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            ...axis,
            values: (_plot, splits) => splits.map((split) => labels[Math.round(split)] ?? ''),
          },
          {
            ...axis,
            values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? String(split) : '')),
          },
        ],
        series: [
          {},
          kind === 'bars'
            ? {
                stroke,
                fill: accentColour(75),
                paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
                points: { show: false },
              }
            : { stroke, width: 2, fill: accentColour(15), points: { show: false } },
        ],
      },
      [labels.map((_, index) => index), [...values]],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, element.clientWidth), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, kind, height]);

  // The canvas never sets its box's width: the box takes its column's, and the canvas follows it.
  return (
    <div
      ref={container}
      aria-hidden="true"
      className="w-full min-w-0 overflow-hidden"
      data-testid="chart-canvas"
    />
  );
}
