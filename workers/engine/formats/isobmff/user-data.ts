/**
 * Describes what a user-data or metadata box holds, for the report: QuickTime udta text atoms
 * (`©xyz`, `©day`, ...), iTunes `ilst` items (cover art included), QuickTime `keys` + `ilst`
 * (com.apple.quicktime.location.ISO6709, make, model, software, creationdate) and XMP. The boxes are
 * removed whole; this only names what was in them.
 */
import type { FieldId } from '../../fields';
import { decodeText, fourcc, u16be, u32be } from '../../bytes';
import { finding, type Finding } from '../../findings';
import {
  FULL_BOX_BYTES,
  HEADER_BYTES,
  checkDepth,
  childrenOf,
  firstChild,
  payloadBytes,
  type Box,
  type View,
} from './box';
import { xmpBlockFindings } from './embedded';
import { C2PA_UUID, c2paFinding } from '../../metadata/c2pa';
import { iso6709ToDecimal } from '../../metadata/iso6709';
import { itemField, keyField } from './labels';
import { lociFinding } from './loci';
import { isXmpUuid, uuidOf } from './uuids';

const TEXT_ATOM_HEADER = 4;
const DATA_VALUE_OFFSET = 8;
const KEY_ENTRY_HEADER = 8;
const COPYRIGHT_SIGN = 0xa9;
/** iTunes `data` well-known types (QuickTime File Format, "Well-known types"). */
const DATA_TYPE = {
  utf8: 1,
  utf16: 2,
  jpeg: 13,
  png: 14,
  signed: 21,
  unsigned: 22,
  bmp: 27,
} as const;
const IMAGE_TYPES = new Set<number>([
  DATA_TYPE.jpeg,
  DATA_TYPE.png,
  DATA_TYPE.bmp,
]);

function textValue(field: FieldId, text: string): string {
  if (field !== 'gps.position') return text;
  return iso6709ToDecimal(text) ?? text;
}

/** One `data` box's value as text; undefined for binary values (cover art). */
function dataValue(view: View, data: Box): string | undefined {
  const payload = payloadBytes(view.bytes, view.base, data);
  if (payload.length < DATA_VALUE_OFFSET) return undefined;
  const type = u32be(payload, 0) & 0xffffff;
  const value = payload.subarray(DATA_VALUE_OFFSET);
  if (IMAGE_TYPES.has(type)) return `image, ${value.length} bytes`;
  if (type === DATA_TYPE.utf16)
    return new TextDecoder('utf-16be').decode(value);
  if (type === DATA_TYPE.signed || type === DATA_TYPE.unsigned)
    return value.length <= 4 && value.length > 0
      ? String(value.reduce((n, b) => n * 256 + b, 0))
      : undefined;
  if (type === DATA_TYPE.utf8 || type === 0) return decodeText(value);
  return undefined;
}

/** The key names of a QuickTime `keys` box, 1-based as `ilst` refers to them. */
function keyNames(view: View, keys: Box | undefined): string[] {
  if (!keys) return [];
  const payload = payloadBytes(view.bytes, view.base, keys);
  const count = u32be(payload, FULL_BOX_BYTES);
  const names: string[] = [];
  let at = FULL_BOX_BYTES + 4;
  for (let i = 0; i < count && at + KEY_ENTRY_HEADER <= payload.length; i++) {
    const size = u32be(payload, at);
    if (size < KEY_ENTRY_HEADER || at + size > payload.length) break;
    names.push(decodeText(payload.subarray(at + KEY_ENTRY_HEADER, at + size)));
    at += size;
  }
  return names;
}

/** The label of an ilst item: its key name, its freeform `name`, or its type. */
function itemLabel(view: View, item: Box, children: Box[], keys: string[]) {
  const keyIndex = u32be(view.bytes, item.start - view.base + 4);
  if (keys.length > 0 && keyIndex >= 1 && keyIndex <= keys.length)
    return {
      label: keys[keyIndex - 1]!,
      field: keyField(keys[keyIndex - 1]!),
    };
  const name = firstChild(children, 'name');
  if (item.type === '----' && name) {
    const label = decodeText(
      payloadBytes(view.bytes, view.base, name).subarray(FULL_BOX_BYTES),
    );
    return { label, field: keyField(label) };
  }
  return { label: item.type, field: itemField(item.type) };
}

function ilstFindings(view: View, ilst: Box, keys: string[], path: string) {
  return childrenOf(view.bytes, view.base, ilst).map((item) => {
    const children = childrenOf(view.bytes, view.base, item);
    const { label, field } = itemLabel(view, item, children, keys);
    const data = firstChild(children, 'data');
    const value = data && dataValue(view, data);
    return finding(field, label, path, value && textValue(field, value));
  });
}

/** QuickTime `meta` has no version/flags; ISO `meta` is a FullBox. Tell them by where hdlr sits. */
export function metaChildren(view: View, meta: Box): Box[] {
  const at = meta.payload - view.base;
  const isQuickTime =
    meta.end - meta.payload >= HEADER_BYTES &&
    fourcc(view.bytes, at + 4) === 'hdlr';
  return childrenOf(
    view.bytes,
    view.base,
    meta,
    isQuickTime ? 0 : FULL_BOX_BYTES,
  );
}

function metaFindings(view: View, meta: Box, path: string): Finding[] {
  const children = metaChildren(view, meta);
  const keys = keyNames(view, firstChild(children, 'keys'));
  return children.flatMap((child) => {
    if (child.type === 'ilst')
      return ilstFindings(view, child, keys, `${path}/ilst`);
    if (child.type === 'XMP_' || child.type === 'xml ')
      return xmpBlockFindings(
        payloadBytes(view.bytes, view.base, child),
        `${path}/${child.type}`,
      );
    return [];
  });
}

/** A QuickTime udta text atom: (16-bit length, 16-bit language, text) entries. */
function textAtomFindings(view: View, atom: Box, path: string): Finding[] {
  const payload = payloadBytes(view.bytes, view.base, atom);
  const field = itemField(atom.type);
  if (payload.length < TEXT_ATOM_HEADER)
    return [finding(field, atom.type, path)];
  const length = Math.min(u16be(payload, 0), payload.length - TEXT_ATOM_HEADER);
  const text = decodeText(
    payload.subarray(TEXT_ATOM_HEADER, TEXT_ATOM_HEADER + length),
  );
  return [finding(field, atom.type, path, textValue(field, text))];
}

/** Findings for one box that is not a udta list. */
function leafFindings(view: View, box: Box, path: string): Finding[] {
  const here = `${path}/${box.type}`;
  if (box.type === 'meta') return metaFindings(view, box, here);
  if (box.type === 'ilst') return ilstFindings(view, box, [], here);
  if (box.type === 'uuid') {
    const payload = payloadBytes(view.bytes, view.base, box);
    if (isXmpUuid(payload))
      return xmpBlockFindings(payload.subarray(16), `${here} XMP`);
    if (uuidOf(payload) === C2PA_UUID) return [c2paFinding(payload, here)];
    return [finding('other.private', `uuid ${uuidOf(payload)}`, path)];
  }
  if (box.type === 'loci')
    return [lociFinding(payloadBytes(view.bytes, view.base, box), path)];
  if (box.type === 'XMP_')
    return xmpBlockFindings(payloadBytes(view.bytes, view.base, box), here);
  if (box.type.charCodeAt(0) === COPYRIGHT_SIGN)
    return textAtomFindings(view, box, path);
  return [finding(itemField(box.type), box.type, path)];
}

interface Pending {
  readonly box: Box;
  readonly path: string;
  readonly depth: number;
}

/**
 * Findings for any box the cleaner removes whole (udta, meta, uuid, ©xyz, XMP_). udta lists nest;
 * they are walked with a stack of our own, in order, so neither depth nor count reaches the
 * call stack.
 */
export function describeBox(view: View, box: Box, path: string): Finding[] {
  const out: Finding[] = [];
  const stack: Pending[] = [{ box, path, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    checkDepth(next.depth, next.box.start);
    if (next.box.type !== 'udta') {
      for (const f of leafFindings(view, next.box, next.path)) out.push(f);
      continue;
    }
    const here = `${next.path}/udta`;
    const children = childrenOf(view.bytes, view.base, next.box);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ box: children[i]!, path: here, depth: next.depth + 1 });
  }
  return out;
}
