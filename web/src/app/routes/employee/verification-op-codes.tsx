// /employee/verification-op-codes (managers and admins): which op codes of a location need the customer's
// verification before they are redeemed. The route lends the locations feature's selector to the page.
import { PageHeader } from '../../../components/layouts/page-header';
import { useLocations } from '../../../features/locations/api/get-locations';
import { LocationSelect } from '../../../features/locations/components/location-select';
import { useDefaultLocationId } from '../../../features/locations/hooks/use-default-location-id';
import { OpCodeRules } from '../../../features/opcode-rules/components/opcode-rules';
import { useCurrentUser } from '../../../lib/auth/use-session';

export function VerificationOpCodesRoute() {
  const locations = useLocations();
  const defaultLocationId = useDefaultLocationId(useCurrentUser()?.locationId ?? null);
  const locationName = (locationId: number) => locations.data?.find((l) => l.locationId === locationId)?.locationName ?? null;
  return (
    <>
      <PageHeader
        title="Verification Op Codes"
        description="Op codes marked here need the customer's approval by e-mail or text before they are redeemed on a repair order of that location."
      />
      <OpCodeRules LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} locationName={locationName} />
    </>
  );
}
