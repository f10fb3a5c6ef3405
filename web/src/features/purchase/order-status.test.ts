// Unit test of the confirmation page's polling: read again every 3 s while the order waits for its payment's outcome.
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@dealer/contracts';
import type { OnlineOrderStatusView } from '@dealer/contracts/online-orders/status';
import { orderPollInterval } from './api/online-order-status';

const order = (status: OnlineOrderStatusView['status']) => ({ status }) as OnlineOrderStatusView;

describe('polling an online order', () => {
  it('should poll until the order is paid, failed or refunded', () => {
    expect(orderPollInterval(undefined)).toBe(TIMINGS.pollVerificationMs);
    expect(orderPollInterval(order('placed'))).toBe(3000);
    for (const status of ['paid', 'failed', 'refunded'] as const) expect(orderPollInterval(order(status))).toBe(false);
  });
});
