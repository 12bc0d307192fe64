import { describe, expect, it } from 'vitest';
import {
  NEAR_KM,
  nearestCity,
} from '../../../src/features/report/map/nearest-city';

describe('the nearby place the map names', () => {
  it('names the city a person would say, with its country', () => {
    expect(nearestCity(2.2945, 48.8584)).toMatchObject({
      name: 'Paris',
      code: 'FR',
    });
    // The Strip lies in Paradise, Nevada; people call it Las Vegas.
    expect(nearestCity(-115.17, 36.12)).toMatchObject({
      name: 'Las Vegas',
      code: 'US',
    });
    expect(nearestCity(139.7671, 35.6812)).toMatchObject({
      name: 'Tokyo',
      code: 'JP',
    });
    expect(nearestCity(7.4246, 43.7384)).toMatchObject({ code: 'MC' });
  });

  it('names nothing far from any place, rather than mislead', () => {
    expect(nearestCity(-30, 40)).toBeNull();
    expect(nearestCity(0, -89.9)).toBeNull();
    const found = nearestCity(-0.1276, 51.5072);
    expect(found?.km).toBeLessThanOrEqual(NEAR_KM);
  });
});
