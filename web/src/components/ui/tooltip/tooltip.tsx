// Hover/focus tooltip that also works around disabled controls; children receive its id for aria-describedby.
import { useId, type ReactNode } from 'react';
import './tooltip.css';

interface TooltipProps {
  content: string;
  /** When false the tooltip is not rendered at all. */
  enabled?: boolean;
  children: (tooltipId: string | undefined) => ReactNode;
}

export function Tooltip({ content, enabled = true, children }: TooltipProps) {
  const id = useId();
  if (!enabled) return <>{children(undefined)}</>;
  return (
    <span className="tooltip-host">
      {children(id)}
      <span role="tooltip" id={id} className="tooltip">
        {content}
      </span>
    </span>
  );
}
