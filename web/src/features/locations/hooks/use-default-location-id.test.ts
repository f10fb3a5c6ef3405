// The Enter RO # preset (SPEC 2.5) within the locations where the employee acts (issue 20).
import { describe, expect, it } from 'vitest';
import type { Location } from '../api/get-locations';
import { defaultLocationId } from './use-default-location-id';

const location = (locationId: number, isUsingCrm: boolean): Location =>
  ({ locationId, locationName: `Location ${locationId}`, locId: `L${locationId}`, isUsingCrm, timeZone: 'America/Denver', salesTaxRateBasisPoints: 0 }) as Location;
const locations = [location(1, true), location(2, true), location(3, true), location(4, false)];

describe('defaultLocationId', () => {
  it("should preset the employee's own CRM location, otherwise location 1 (SPEC 2.5)", () => {
    expect(defaultLocationId(undefined, 2)).toBeNull();
    expect(defaultLocationId(locations, 2)).toBe(2);
    expect(defaultLocationId(locations, 4)).toBe(1);
    expect(defaultLocationId(locations, null)).toBe(1);
  });

  it('should preset only a location where the employee acts, else the first such CRM location, else nothing', () => {
    expect(defaultLocationId(locations, 2, [2, 3])).toBe(2);
    expect(defaultLocationId(locations, 4, [3])).toBe(3);
    expect(defaultLocationId(locations, 2, [3, 4])).toBe(3);
    expect(defaultLocationId(locations, 1, [4])).toBeNull();
    expect(defaultLocationId(locations, 4, null)).toBe(1);
  });
});
