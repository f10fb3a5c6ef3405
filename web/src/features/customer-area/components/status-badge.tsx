// A coloured status label in the customer's words (the shared tone-badge styles).
export function StatusBadge({ word }: { word: { label: string; tone: string } }) {
  return <span className={`tone-badge tone-${word.tone}`}>{word.label}</span>;
}
