// The stored screen width (SPEC 2.3): updated on window resize and shared through React context.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { screenSize, type ScreenSize } from './screen-size';

const currentWidth = () => (typeof window === 'undefined' ? 1366 : window.innerWidth);

const ScreenContext = createContext<ScreenSize>(screenSize(currentWidth()));

export function ScreenProvider({ children }: { children: ReactNode }) {
  const [size, setSize] = useState(() => screenSize(currentWidth()));
  useEffect(() => {
    const update = () => setSize((previous) => (previous.width === window.innerWidth ? previous : screenSize(window.innerWidth)));
    window.addEventListener('resize', update);
    update();
    return () => window.removeEventListener('resize', update);
  }, []);
  return <ScreenContext.Provider value={size}>{children}</ScreenContext.Provider>;
}

export function useScreen(): ScreenSize {
  return useContext(ScreenContext);
}
