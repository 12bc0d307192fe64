import { describe, expect, it } from 'vitest';
import { typedValue } from '../../../cli/json-value';
import type { Finding } from '../../../workers/engine/index';

const finding = (field: Finding['field'], value: string): Finding => ({
  category: 'location',
  ...(field ? { field } : {}),
  label: 'x',
  location: 'y',
  value,
});

describe('a finding value as JSON numbers', () => {
  it('reads a position as latitude and longitude', () => {
    expect(
      typedValue(finding('gps.position', '47.627167, -122.337333')),
    ).toEqual({
      position: { lat: 47.627167, lon: -122.337333 },
    });
  });

  it('leaves a position off the Earth, or not a pair, as text only', () => {
    expect(typedValue(finding('gps.position', '91, 10'))).toBeUndefined();
    expect(
      typedValue(finding('gps.position', 'near the lake')),
    ).toBeUndefined();
  });

  it('keeps ISO dates, with a T, and refuses anything else', () => {
    expect(typedValue(finding('time.taken', '2024-03-01 09:14:22'))).toEqual({
      date: '2024-03-01T09:14:22',
    });
    expect(
      typedValue(finding('time.taken', '2024-03-01T09:14:22+02:00')),
    ).toEqual({
      date: '2024-03-01T09:14:22+02:00',
    });
    expect(
      typedValue(finding('time.taken', '2024:03:01 09:14:22')),
    ).toBeUndefined();
    expect(typedValue(finding('time.taken', '2024-13-45'))).toBeUndefined();
  });

  it('gives measures as a number and their unit', () => {
    expect(typedValue(finding('gps.altitude', '-12.5 m'))).toEqual({
      number: -12.5,
      unit: 'm',
    });
    expect(typedValue(finding('gps.speed', '3.2 km/h'))).toEqual({
      number: 3.2,
      unit: 'km/h',
    });
  });

  it('gives nothing for free text or a finding without a field', () => {
    expect(typedValue(finding('author.name', '42'))).toBeUndefined();
    expect(typedValue(finding(undefined, '47.6, -122.3'))).toBeUndefined();
  });
});
