// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@dealer/contracts';
import { TimeAgo } from './time-ago';

describe('TimeAgo', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('should say how long ago in words, with the exact time as dateTime, title and hidden text', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T15:30:00Z'));
    const at = new Date('2026-03-01T15:25:00Z');
    const { container } = render(<TimeAgo value={at.toISOString()} prefix="Sent" />);
    const time = container.querySelector('time')!;
    expect(screen.getByText('Sent 5 minutes ago')).toBeTruthy();
    expect(time.getAttribute('dateTime')).toBe('2026-03-01T15:25:00.000Z');
    const exact = formatDateTime(at, { seconds: true });
    expect(time.getAttribute('title')).toBe(exact);
    expect(time.textContent).toBe(`Sent 5 minutes ago, ${exact}`);
  });

  it("should say 'just now' under 2 minutes and the date from 1440 minutes", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T15:30:00Z'));
    render(
      <>
        <TimeAgo value={new Date('2026-03-01T15:28:30Z')} />
        <TimeAgo value={new Date('2026-02-28T12:00:00Z')} />
        <TimeAgo value="not a time" />
      </>,
    );
    expect(screen.getByText('just now')).toBeTruthy();
    expect(screen.getByText('02/28/2026')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
  });
});
