import { fieldInfo, type FieldValueForm } from '../workers/engine/fields';
import type { Finding } from '../workers/engine/index';

/**
 * A finding's value as JSON numbers, for scripts: the engine writes values as text in the form its
 * field declares (`workers/engine/fields.ts`); here that text is read back once, so no script has
 * to parse "47.627167, -122.337333". Absent when the finding has no field or its text does not
 * read in the declared form (the text stays in `value`).
 */
export type TypedValue =
  | { readonly position: { readonly lat: number; readonly lon: number } }
  | { readonly date: string }
  | { readonly number: number; readonly unit?: string };

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const POSITION = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);
const WITH_UNIT = new RegExp(String.raw`^\s*(${NUMBER})\s*([a-zA-Z/]+)?\b`);
/** ISO 8601 as the engine writes dates: a calendar date, optionally a time and a zone. */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const NUMERIC_FORMS: ReadonlySet<FieldValueForm> = new Set([
  'metres',
  'speed',
  'bearing',
  'exposure',
  'aperture',
  'iso',
  'focal-length',
  'minutes',
  'revision',
]);

export function typedValue(f: Finding): TypedValue | undefined {
  if (f.field === undefined || f.value === undefined) return undefined;
  const form = fieldInfo(f.field).value;
  if (form === 'position') return position(f.value);
  if (form === 'date') return date(f.value);
  if (NUMERIC_FORMS.has(form)) return measure(f.value);
  return undefined;
}

function position(text: string): TypedValue | undefined {
  const match = POSITION.exec(text);
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  const onEarth = Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return onEarth ? { position: { lat, lon } } : undefined;
}

function date(text: string): TypedValue | undefined {
  const trimmed = text.trim();
  if (!ISO_DATE.test(trimmed) || Number.isNaN(Date.parse(trimmed)))
    return undefined;
  return { date: trimmed.replace(' ', 'T') };
}

function measure(text: string): TypedValue | undefined {
  const match = WITH_UNIT.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return undefined;
  return match[2] ? { number: value, unit: match[2] } : { number: value };
}
