import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { iccDescription } from '../../../workers/engine/metadata/icc';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import { iccProfileBytes } from '../../helpers/icc-profile';

const CORPUS = corpusFile('exif-samples');

function profileOf(photo: string): Uint8Array {
  return new Uint8Array(
    execFileSync('exiftool', ['-b', '-ICC_Profile', `${CORPUS}/${photo}`]),
  );
}

describe('iccDescription', () => {
  it('reads a v2 desc tag', () => {
    expect(iccDescription(iccProfileBytes('CANARY profile'))).toBe(
      'CANARY profile',
    );
  });

  it('gives no description for a truncated or junk profile', () => {
    const profile = iccProfileBytes();
    expect(iccDescription(profile.subarray(0, 150))).toBeUndefined();
    expect(iccDescription(new Uint8Array(300).fill(0xff))).toBeUndefined();
  });
});

describeCorpus('iccDescription of camera profiles', () => {
  it('reads the v2 desc tag of a Canon photo', () => {
    expect(iccDescription(profileOf('Canon_40D.jpg'))).toBe(
      'sRGB IEC61966-2.1',
    );
  });

  it('reads the first record of a v4 mluc tag', () => {
    expect(iccDescription(profileOf('landscape_6.jpg'))).toBe(
      'Generic RGB Profile',
    );
  });
});
