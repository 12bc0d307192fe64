/**
 * The country outlines bundled with the site (Natural Earth 1:110m, from world-atlas) and what
 * the map needs from them: the country a point falls in, and SVG paths around it. No tiles and no
 * request: this module and its data arrive as one lazy chunk with the report.
 */
import {
  geoAzimuthalEqualArea,
  geoContains,
  geoGraticule10,
  geoPath,
} from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { ALPHA2_BY_NUMERIC } from './country-codes';

type Country = Feature<Geometry, { name?: string }>;

const topology = atlas as unknown as Topology<{
  countries: GeometryCollection<{ name?: string }>;
}>;

let countries: Country[] | null = null;

function allCountries(): Country[] {
  countries ??= (
    feature(topology, topology.objects.countries) as FeatureCollection<
      Geometry,
      { name?: string }
    >
  ).features;
  return countries;
}

export interface CountryRef {
  /** ISO 3166-1 alpha-2, when the outline has a code. */
  readonly code: string | null;
  /** The outline's English name, for outlines without a code. */
  readonly name: string;
  readonly index: number;
}

/** The country whose outline contains the point, if any (not at sea, not a micro-state). */
export function countryAt(lon: number, lat: number): CountryRef | null {
  const list = allCountries();
  const index = list.findIndex((c) => geoContains(c, [lon, lat]));
  if (index < 0) return null;
  const country = list[index]!;
  const id = country.id === undefined ? '' : String(country.id);
  return {
    code: ALPHA2_BY_NUMERIC[id] ?? null,
    name: country.properties.name ?? '',
    index,
  };
}

/** Degrees from the point to the map's round edge: a region of about 3,000 km across. */
const VIEW_RADIUS_DEGREES = 14;
const EDGE_MARGIN = 2;

export interface MapDrawing {
  readonly sphere: string;
  readonly graticule: string;
  readonly countries: readonly { readonly d: string; readonly here: boolean }[];
  readonly marker: readonly [number, number];
}

/** A round regional map centred on the point, `size` pixels wide, as SVG path data. */
export function drawRegion(
  lon: number,
  lat: number,
  size: number,
  here: CountryRef | null,
): MapDrawing {
  const projection = geoAzimuthalEqualArea()
    .rotate([-lon, -lat])
    .clipAngle(VIEW_RADIUS_DEGREES)
    .fitExtent(
      [
        [EDGE_MARGIN, EDGE_MARGIN],
        [size - EDGE_MARGIN, size - EDGE_MARGIN],
      ],
      { type: 'Sphere' },
    );
  const path = geoPath(projection);
  const paths = allCountries().map((c, index) => ({
    d: path(c) ?? '',
    here: here?.index === index,
  }));
  const marker = projection([lon, lat]) ?? [size / 2, size / 2];
  return {
    sphere: path({ type: 'Sphere' }) ?? '',
    graticule: path(geoGraticule10()) ?? '',
    countries: paths.filter((p) => p.d !== ''),
    marker: [marker[0], marker[1]],
  };
}
