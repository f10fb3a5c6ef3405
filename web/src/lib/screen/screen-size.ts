// SPEC 9 breakpoints: mobile <= 768, tablet 769-957, laptop 769-1200, desktop > 957 (laptop overlaps both).
import { BREAKPOINTS } from '@dealer/contracts';

export interface ScreenSize {
  width: number;
  isMobile: boolean;
  isTablet: boolean;
  isLaptop: boolean;
  isDesktop: boolean;
}

export function screenSize(width: number): ScreenSize {
  return {
    width,
    isMobile: width <= BREAKPOINTS.mobileMax,
    isTablet: width > BREAKPOINTS.mobileMax && width <= BREAKPOINTS.tabletMax,
    isLaptop: width > BREAKPOINTS.mobileMax && width <= BREAKPOINTS.laptopMax,
    isDesktop: width > BREAKPOINTS.tabletMax,
  };
}
