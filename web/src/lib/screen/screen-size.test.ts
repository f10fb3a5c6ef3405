// Unit tests of the SPEC 9 breakpoints.
import { describe, expect, it } from 'vitest';
import { screenSize } from './screen-size';

describe('screenSize', () => {
  it('should call 768 px and below mobile', () => {
    expect(screenSize(390)).toMatchObject({ isMobile: true, isTablet: false, isLaptop: false, isDesktop: false });
    expect(screenSize(768).isMobile).toBe(true);
  });

  it('should call 769-957 tablet and laptop, above 957 desktop, and up to 1200 still laptop', () => {
    expect(screenSize(769)).toMatchObject({ isMobile: false, isTablet: true, isLaptop: true, isDesktop: false });
    expect(screenSize(958)).toMatchObject({ isTablet: false, isLaptop: true, isDesktop: true });
    expect(screenSize(1366)).toMatchObject({ isLaptop: false, isDesktop: true });
  });
});
