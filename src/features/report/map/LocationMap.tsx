import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { FileKind } from '../summary';
import { formatLatLon, type LatLon } from '../values';
import { countryAt, drawRegion, type CountryRef } from './geo';
import { cityNameFor } from './city-name';
import { nearestCity } from './nearest-city';

/** The map's width and height in CSS pixels; it scales down with its container. */
const MAP_SIZE = 240;
const MARKER_RADIUS = 6;

function countryName(
  locale: string,
  country: CountryRef | null,
): string | null {
  if (!country) return null;
  if (country.code) {
    try {
      const names = new Intl.DisplayNames([locale], { type: 'region' });
      const name = names.of(country.code);
      if (name && name !== country.code) return name;
    } catch {
      // An engine without region names falls back to the outline's English name.
    }
  }
  return country.name || null;
}

/**
 * Where the file was made, drawn from the outlines bundled with the site: a round regional map
 * with a marker, and the place in words as its accessible name and caption. `kind` is whose place
 * it is; `container`, when set, is the file that holds it (a photo inside a document), and `of`
 * how many such files it holds: of several, the place is one's ("one of the photos").
 */
export default function LocationMap({
  place,
  kind,
  container,
  of = 1,
}: {
  place: LatLon;
  kind: FileKind;
  container?: FileKind;
  of?: number;
}) {
  const intl = useIntl();
  const captionId = useId();
  const { drawing, country, city } = useMemo(() => {
    const here = countryAt(place.lon, place.lat);
    const near = nearestCity(place.lon, place.lat);
    // A point off the simplified outlines (a coast, a micro-state) takes its nearby place's country.
    const fallback: CountryRef | null =
      !here && near ? { code: near.code, name: '', index: -1 } : null;
    return {
      country: countryName(intl.locale, here ?? fallback),
      city: near ? cityNameFor(near.name, intl.locale) : null,
      drawing: drawRegion(place.lon, place.lat, MAP_SIZE, here),
    };
  }, [intl.locale, place]);
  const label = intl.formatMessage(
    { id: container ? 'report.map.label-inside' : 'report.map.label' },
    {
      kind,
      container,
      owners: of === 1 ? 'one' : 'many',
      place: formatLatLon(intl, place),
      hasCity: city ? 'yes' : 'no',
      city,
      known: country ? 'yes' : 'no',
      country,
    },
  );
  const [x, y] = drawing.marker;
  return (
    <figure className="report-map" data-testid="report-map">
      <svg
        className="report-map-svg"
        viewBox={`0 0 ${MAP_SIZE} ${MAP_SIZE}`}
        role="img"
        aria-labelledby={captionId}
      >
        <path className="report-map-sea" d={drawing.sphere} />
        <path className="report-map-graticule" d={drawing.graticule} />
        {drawing.countries.map((c, index) => (
          <path
            key={index}
            className={
              c.here ? 'report-map-land report-map-here' : 'report-map-land'
            }
            d={c.d}
          />
        ))}
        <path className="report-map-edge" d={drawing.sphere} />
        <circle
          className="report-map-halo"
          cx={x}
          cy={y}
          r={MARKER_RADIUS * 2}
        />
        <circle className="report-map-marker" cx={x} cy={y} r={MARKER_RADIUS} />
      </svg>
      <figcaption id={captionId} className="report-map-caption">
        {label}
      </figcaption>
    </figure>
  );
}
