// What a pack offer includes: each coupon with its quantity ("2 × Tire rotation"). Shared by Current offers, the
// /purchase landing and the chosen pack's summary.
import type { PackOfferView } from '@dealer/contracts';

export function OfferIncludes({ items }: { items: PackOfferView['items'] }) {
  return (
    <ul className="area-includes">
      {items.map((i) => (
        <li key={i.couponId}>
          {i.quantity} &times; {i.couponName}
        </li>
      ))}
    </ul>
  );
}
