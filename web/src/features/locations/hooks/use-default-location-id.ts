// SPEC 2.5 Enter RO #: preset to the signed-in employee's location when it uses the CRM, otherwise location 1;
// issue 20: only where the employee acts (holds a role), else the first such location using the CRM.
import { DEFAULT_LOCATION_ID } from '@dealer/contracts';
import { useActingLocationIds } from '../../../lib/auth/use-session';
import { useLocations, type Location } from '../api/get-locations';

/** Pure rule, so it can be tested without React: null while the locations are unknown (or none is allowed). */
export function defaultLocationId(locations: readonly Location[] | undefined, preferred: number | null, acting: readonly number[] | null = null): number | null {
  if (!locations) return null;
  const allowed = (id: number) => acting === null || acting.includes(id);
  const own = locations.find((l) => l.locationId === preferred);
  const spec = own?.isUsingCrm ? own.locationId : DEFAULT_LOCATION_ID;
  if (allowed(spec)) return spec;
  return locations.find((l) => l.isUsingCrm && allowed(l.locationId))?.locationId ?? null;
}

export function useDefaultLocationId(preferred: number | null): number | null {
  const locations = useLocations();
  return defaultLocationId(locations.data, preferred, useActingLocationIds());
}
