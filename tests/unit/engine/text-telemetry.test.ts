import { describe, expect, it } from 'vitest';
import {
  datesIn,
  readTextTelemetry,
} from '../../../workers/engine/metadata/text-telemetry';

describe('a flight log written as text', () => {
  it('reads DJI’s labelled layout, first and last position', () => {
    const log = readTextTelemetry([
      '[iso: 100] [shutter: 1/1000.0] [latitude: 17.025830] [longitude: -96.551234] [rel_alt: 20.100 abs_alt: 1630.2]',
      '[latitude: 17.026412] [longtitude: -96.551801] [rel_alt: 20.300 abs_alt: 1630.4]',
    ]);
    expect(log).toEqual({
      first: { lat: 17.02583, lon: -96.551234 },
      last: { lat: 17.026412, lon: -96.551801 },
      altitude: true,
      camera: true,
    });
  });

  it('reads the older GPS (lon, lat, alt) layout, longitude first', () => {
    const log = readTextTelemetry([
      'F/2.8, SS 1000, ISO 100, EV 0, GPS (-96.5512, 17.0258, 20), D 25.3m, H 20.1m',
    ]);
    expect(log?.first).toEqual({ lat: 17.0258, lon: -96.5512 });
    expect(log?.camera).toBe(true);
  });

  it('reads a coordinate pair written out', () => {
    expect(readTextTelemetry(['48.858370, 2.294481'])?.first).toEqual({
      lat: 48.85837,
      lon: 2.294481,
    });
  });

  it('reads a dashcam’s NMEA sentences, degrees and minutes, south and west negative', () => {
    const log = readTextTelemetry([
      '$GPRMC,101530.000,A,4851.4980,N,00217.6700,E,27.5,90.0,261126,,,A*6C',
      '$GPGGA,101531.000,3352.0000,S,15112.6000,W,1,08,0.9,45.0,M,,M,,*47',
    ]);
    expect(log?.first?.lat).toBeCloseTo(48.8583, 4);
    expect(log?.first?.lon).toBeCloseTo(2.294467, 4);
    expect(log?.last?.lat).toBeCloseTo(-33.866667, 4);
    expect(log?.last?.lon).toBeCloseTo(-151.21, 4);
  });

  it('takes a log without a fix (0, 0) for a log, with no position to show', () => {
    const log = readTextTelemetry([
      '[latitude: 0.000000] [longitude: 0.000000]',
    ]);
    expect(log).not.toBeNull();
    expect(log?.first).toBeUndefined();
  });

  it('takes camera settings and times, sample after sample, for a log', () => {
    const log = readTextTelemetry([
      '2024-03-01 09:14:22.123',
      '2024-03-01 09:14:23.123',
      '2024-03-01 09:14:24.123',
    ]);
    expect(log?.firstTime).toBe('2024-03-01T09:14:22.123');
    expect(readTextTelemetry(['ISO:100 Shutter:60 EV:0'])?.camera).toBe(true);
  });
});

describe('ordinary text', () => {
  it.each([
    ['dialogue', ['Hello there, how are you?', 'Fine, thanks.']],
    ['one standard named', ['We follow ISO 9001 here.']],
    ['one date', ['It happened on 2024-03-01 09:14:22.']],
    ['a price', ['That costs 12.50, not 13.']],
  ])('is not a log: %s', (_, texts) => {
    expect(readTextTelemetry(texts)).toBeNull();
  });
});

describe('dates in titles', () => {
  it('are read with or without their time of day', () => {
    expect(datesIn('Arrival 2024-03-01, party 2024.03.02 21:10:00', 5)).toEqual(
      ['2024-03-01', '2024-03-02T21:10:00'],
    );
  });
});

describe('hostile text', () => {
  it('is read in one pass however it is spaced', () => {
    const spaces = ' '.repeat(200_000);
    const texts = [`H${spaces}x`, `iso${spaces}x`, `1.23456${spaces}x`];
    expect(readTextTelemetry(texts)).toBeNull();
  });
});
