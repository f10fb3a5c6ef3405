import { describe, expect, it } from 'vitest';
import { COUPON_RO_NOT_FOUND_HELP_PATH } from '@dealer/contracts';
import { HELP_PAGES } from '../../../config/paths';
import { HELP_TOPICS, helpPath, helpTopic, jobCountText } from './help-topics';

describe('help topics', () => {
  it('should list every help page of the route table once, in its order, under /employee/help', () => {
    expect(HELP_TOPICS.map((t) => [t.slug, t.title])).toEqual(HELP_PAGES.map(([slug, title]) => [slug, title]));
    for (const t of HELP_TOPICS) expect(t.path).toBe(`/employee/help/${t.slug}`);
  });

  it('should give every topic a one-line summary of its own', () => {
    const summaries = HELP_TOPICS.map((t) => t.summary);
    for (const s of summaries) expect(s.length).toBeGreaterThan(20);
    expect(new Set(summaries).size).toBe(summaries.length);
  });

  it('should find a topic by its slug and build its path', () => {
    expect(helpTopic('coupon-ro-not-found').title).toBe('Coupon RO Not Found');
    expect(helpPath('paper-redeem')).toBe('/employee/help/paper-redeem');
  });

  it('should be where the redemption refusal sends staff when the RO is not found', () => {
    expect(helpPath('coupon-ro-not-found')).toBe(COUPON_RO_NOT_FOUND_HELP_PATH);
  });
});

describe('jobCountText', () => {
  it('should say job for one and jobs otherwise, with thousands separators', () => {
    expect(jobCountText(1)).toBe('1 job');
    expect(jobCountText(0)).toBe('0 jobs');
    expect(jobCountText(2345)).toBe('2,345 jobs');
  });
});
