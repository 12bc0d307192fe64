// @vitest-environment jsdom
// jsdom's DOMParser is a strict XML parser: an independent check that cleaning leaves well-formed XML.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { ILLUSTRATOR_SVG, INKSCAPE_SVG } from '../../helpers/fuzz-svg-fixtures';
import { CORPUS_DIR, corpusFile } from '../../helpers/corpus';

const CORPUS = corpusFile('mat2');

async function cleaned(text: string): Promise<string> {
  const blob = new Blob([text]);
  const { plan } = await cleanPlan(blob);
  return await (await planToBlob(blob, plan)).text();
}

function parseErrors(text: string): number {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return doc.getElementsByTagName('parsererror').length;
}

describe('cleaned SVG stays well-formed XML', () => {
  it.each([
    ['Inkscape fixture', INKSCAPE_SVG],
    ['Illustrator fixture', ILLUSTRATOR_SVG],
    ...(CORPUS_DIR
      ? ['dirty.svg', 'weird.svg'].map((name) => [
          `mat2/${name}`,
          readFileSync(`${CORPUS}/${name}`, 'utf8'),
        ])
      : []),
  ])('%s', async (_, text) => {
    expect(parseErrors(text)).toBe(0);
    const output = await cleaned(text);
    expect(output.length).toBeLessThan(text.length);
    expect(parseErrors(output)).toBe(0);
  });
});
