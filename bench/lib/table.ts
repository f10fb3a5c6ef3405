/** One table model, rendered as aligned text for the terminal and as markdown for docs/performance.md. */

export interface Table {
  title: string;
  headers: string[];
  /** Columns aligned right (numbers); the rest are aligned left. */
  numeric?: boolean[];
  rows: string[][];
  notes?: string[];
}

export function renderText(table: Table): string {
  const widths = table.headers.map((h, i) => Math.max(h.length, ...table.rows.map((r) => (r[i] ?? '').length)));
  const cell = (s: string, i: number) => (table.numeric?.[i] ? s.padStart(widths[i]!) : s.padEnd(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const out = [table.title, rule, line(table.headers), rule, ...table.rows.map(line), rule];
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

export function renderMarkdown(table: Table): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [`### ${table.title}`, '', `| ${table.headers.map(esc).join(' | ')} |`];
  out.push(`|${table.headers.map((_, i) => (table.numeric?.[i] ? '---:' : ':---')).join('|')}|`);
  for (const row of table.rows) out.push(`| ${row.map(esc).join(' | ')} |`);
  if (table.notes?.length) out.push('', ...table.notes.map((n) => `- ${n}`));
  return out.join('\n');
}
