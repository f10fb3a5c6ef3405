// Unit tests of page-view analytics: pushed to dataLayer, pass-through pages skipped (SPEC 2.3).
import { describe, expect, it } from 'vitest';
import { isTrackedPath, trackPageView } from './analytics';

describe('page-view analytics', () => {
  it('should skip /loading, /logout, /auth/receiving and /forbidden', () => {
    for (const path of ['/loading', '/logout', '/auth/receiving', '/forbidden', '/forbidden/']) expect(isTrackedPath(path), path).toBe(false);
    expect(isTrackedPath('/employee/users')).toBe(true);
  });

  it('should push a page view to the dataLayer', () => {
    const target = { dataLayer: [] as unknown[] };
    expect(trackPageView('/employee/users', 'Users | Dealer Coupons', target)).toEqual({
      event: 'page_view',
      page_path: '/employee/users',
      page_title: 'Users | Dealer Coupons',
    });
    expect(target.dataLayer).toHaveLength(1);
    expect(trackPageView('/logout', 'x', target)).toBeNull();
    expect(target.dataLayer).toHaveLength(1);
  });
});
