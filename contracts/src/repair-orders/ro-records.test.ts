import { describe, expect, it } from 'vitest';
import { locationLabel } from './ro-records';

describe('locationLabel', () => {
  it("should show the location's name, or its id when the name is not known", () => {
    expect(locationLabel({ locationId: 2, locationName: 'Flatirons Honda' })).toBe('Flatirons Honda');
    expect(locationLabel({ locationId: 7, locationName: null })).toBe('Location 7');
    expect(locationLabel({ locationId: 7 })).toBe('Location 7');
  });
});
