import { describe, expect, it } from 'vitest';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import { formatRegistry } from '../../../workers/engine/registry';

/** The page reads the catalog; the engine cleans what the modules declare. They must agree. */
describe('format catalog', () => {
  const key = (f: {
    id: string;
    mime: string;
    extensions: readonly string[];
  }) => `${f.id} ${f.mime} ${[...f.extensions].sort().join(',')}`;

  it('lists exactly the formats the registered modules declare', () => {
    const declared = formatRegistry.flatMap((m) => m.formats.map(key)).sort();
    expect(formatCatalog.map(key).sort()).toEqual(declared);
  });

  it('loads, for each sniffer, the module whose face it is', async () => {
    for (const entry of formatRegistry) {
      const module = await entry.load();
      expect(module.formats).toBe(entry.formats);
      expect(module.sniff).toBe(entry.sniff);
    }
  });

  it('gives every extension to one format only', () => {
    const extensions = formatCatalog.flatMap((f) => f.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});
