// /employee/help and its topics (SPEC 2.2). The route lends the locations feature's selector and the
// employee's default location to the op-code list; the other topics are plain articles.
import type { ComponentType } from 'react';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { BookRoNotFoundArticle } from '../../../features/help/components/articles/book-ro-not-found-article';
import { CouponRoNotFoundArticle } from '../../../features/help/components/articles/coupon-ro-not-found-article';
import { CustomerNoEmailArticle } from '../../../features/help/components/articles/customer-no-email-article';
import { NotFoundInSystemArticle } from '../../../features/help/components/articles/not-found-in-system-article';
import { OpCodeListArticle } from '../../../features/help/components/articles/opcode-list-article';
import { OpCodesArticle } from '../../../features/help/components/articles/opcodes-article';
import { PaperConversionsArticle } from '../../../features/help/components/articles/paper-conversions-article';
import { PaperRedeemArticle } from '../../../features/help/components/articles/paper-redeem-article';
import { HelpIndex } from '../../../features/help/components/help-index';
import type { HelpSlug } from '../../../features/help/components/help-topics';
import { useCurrentUser } from '../../../lib/auth/use-session';

export function HelpIndexRoute() {
  return <HelpIndex />;
}

function OpCodeListRoute() {
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  return <OpCodeListArticle LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} />;
}

export const HELP_ROUTES: Record<HelpSlug, ComponentType> = {
  'opcode-list': OpCodeListRoute,
  opcodes: OpCodesArticle,
  'coupon-ro-not-found': CouponRoNotFoundArticle,
  'book-ro-not-found': BookRoNotFoundArticle,
  'not-found-in-system': NotFoundInSystemArticle,
  'customer-no-email': CustomerNoEmailArticle,
  'paper-conversions': PaperConversionsArticle,
  'paper-redeem': PaperRedeemArticle,
};
