import type { ChartLayout, LaidEdge, LaidNode } from './layout.ts';
import { METRICS } from './layout.ts';
import { COLORS, FONT, edgeStyle, stateStyle, type ChartMarks } from './theme.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (record: Record<string, string | number>) =>
  Object.entries(record)
    .map(([key, value]) => `${key}="${escapeXml(String(value))}"`)
    .join(' ');

/** The route of an edge as an SVG path. */
export function edgePath(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

function stateSvg(laid: LaidNode, marks: ChartMarks): string {
  const { node, x, y, width, height } = laid;
  const hasChildren = node.children.length > 0 && !laid.collapsed;
  const style = stateStyle(node.id, node.kind, hasChildren, marks);
  const parts: string[] = [`<g data-state="${escapeXml(node.id)}">`, `<title>${escapeXml(node.id)}</title>`];
  if (node.kind === 'history') {
    parts.push(`<rect ${attrs({ x, y, width, height, rx: height / 2, ...style })}/>`);
  } else {
    parts.push(`<rect ${attrs({ x, y, width, height, rx: hasChildren ? 6 : 10, ...style })}/>`);
    if (node.kind === 'final') parts.push(`<rect ${attrs({ x: x + 3, y: y + 3, width: width - 6, height: height - 6, rx: 8, fill: 'none', stroke: style.stroke!, 'stroke-width': 1 })}/>`);
  }
  if (laid.collapsed) parts.push(`<text ${attrs({ x: x + width - 16, y: y + 18, 'font-size': 13, fill: COLORS.muted })}>⊞</text>`);
  if (node.initial) {
    parts.push(`<circle ${attrs({ cx: x - 12, cy: y + 13, r: 4, fill: COLORS.text })}/>`);
    parts.push(`<path ${attrs({ d: `M${x - 8},${y + 13} L${x},${y + 13}`, stroke: COLORS.text, 'stroke-width': 1.3, 'marker-end': 'url(#chart-arrow)' })}/>`);
  }
  const [title, ...lines] = laid.lines;
  parts.push(`<text ${attrs({ x: x + METRICS.pad, y: y + 18, 'font-size': 13, 'font-weight': 600, fill: COLORS.text })}>${escapeXml(title ?? node.key)}</text>`);
  lines.forEach((line, i) => {
    parts.push(`<text ${attrs({ x: x + METRICS.pad, y: y + METRICS.titleHeight + 8 + i * METRICS.lineHeight, 'font-size': 11, fill: COLORS.muted })}>${escapeXml(line)}</text>`);
  });
  parts.push('</g>');
  return parts.join('');
}

function edgeSvg(edge: LaidEdge, marks: ChartMarks): string {
  const style = edgeStyle(edge.transition.id, edge.transition.kind, edge.transition.trigger, marks);
  const { label } = edge;
  const opacity: Record<string, string> = style.opacity ? { opacity: style.opacity } : {};
  const parts = [`<g data-transition="${escapeXml(edge.transition.id)}">`, `<title>${escapeXml(edge.transition.id)}</title>`];
  parts.push(`<path ${attrs({ d: edgePath(edge.points), ...style, 'marker-end': 'url(#chart-arrow)' })}/>`);
  parts.push(`<rect ${attrs({ x: label.x, y: label.y, width: label.width, height: label.height, rx: 3, fill: COLORS.labelFill, 'fill-opacity': 0.9, ...opacity })}/>`);
  label.lines.forEach((line, i) => {
    const weight: Record<string, number> = i === 0 ? { 'font-weight': 600 } : {};
    parts.push(`<text ${attrs({ x: label.x + 4, y: label.y + 12 + i * METRICS.labelLineHeight, 'font-size': 11, fill: i === 0 ? style.stroke! : COLORS.muted, ...weight, ...opacity })}>${escapeXml(line)}</text>`);
  });
  parts.push('</g>');
  return parts.join('');
}

/** A chart as a standalone SVG document: xmlns, inline presentation attributes, every state named in a <text>. */
export function chartSvg(layout: ChartLayout, title: string, marks: ChartMarks = {}): string {
  const margin = 20;
  const width = layout.width + 2 * margin;
  const height = layout.height + 2 * margin;
  const body = [
    ...layout.nodes.map((node) => stateSvg(node, marks)),
    ...layout.edges.map((edge) => edgeSvg(edge, marks)),
  ];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" ${attrs({ width, height, viewBox: `${-margin} ${-margin} ${width} ${height}`, role: 'img', 'aria-label': title, 'font-family': FONT })}>`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><marker id="chart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLORS.edge}"/></marker></defs>`,
    `<rect ${attrs({ x: -margin, y: -margin, width, height, fill: '#ffffff' })}/>`,
    ...body,
    `</svg>`,
  ].join('\n');
}
