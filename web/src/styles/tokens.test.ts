// The colour tokens meet WCAG AA: every text colour used on its soft background (badges, alerts, banners, chips) reaches 4.5:1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

function token(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`tokens.css has no six-digit hex --${name}`);
  return match[1];
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('colour tokens', () => {
  for (const tone of ['success', 'warning', 'danger', 'info', 'primary']) {
    it(`should give ${tone} text at least 4.5:1 on its soft background and on white`, () => {
      expect(contrast(token(`color-${tone}`), token(`color-${tone}-soft`))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token(`color-${tone}`), token('color-surface'))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('should give muted text at least 4.5:1 on the page, the surfaces and the muted surface', () => {
    for (const background of ['color-bg', 'color-surface', 'color-surface-muted']) {
      expect(contrast(token('color-text-muted'), token(background))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
