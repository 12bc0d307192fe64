import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEB_MAX_HASH_BYTES, webSha256 } from '../../../workers/web-sha256';

async function* pieces(...parts: string[]) {
  for (const p of parts) yield new TextEncoder().encode(p);
}

describe('the worker SHA-256 (Web Crypto)', () => {
  it('gathers the pieces of a part and hashes them as node:crypto does', async () => {
    const expected = createHash('sha256').update('content kept').digest('hex');
    expect(await webSha256.sha256(pieces('content ', 'kept'), 12)).toBe(
      expected,
    );
  });

  it('states the bound Web Crypto imposes, one buffer per part', () => {
    expect(webSha256.maxBytes).toBe(WEB_MAX_HASH_BYTES);
    expect(Number.isFinite(webSha256.maxBytes)).toBe(true);
  });
});
