// SPEC 2.5 Enter RO #: preset to the signed-in employee's location when it uses the CRM, otherwise location 1.
import { DEFAULT_LOCATION_ID } from '@dealer/contracts';
import { useLocations, type Location } from '../api/get-locations';

/** Pure rule, so it can be tested without React: null while the locations are unknown. */
export function defaultLocationId(locations: readonly Location[] | undefined, preferred: number | null): number | null {
  if (!locations) return null;
  const own = locations.find((l) => l.locationId === preferred);
  return own?.isUsingCrm ? own.locationId : DEFAULT_LOCATION_ID;
}

export function useDefaultLocationId(preferred: number | null): number | null {
  const locations = useLocations();
  return defaultLocationId(locations.data, preferred);
}
