import { describe, expect, it } from 'vitest';
import {
  looksLikeDjiLog,
  SIDECAR_KINDS,
  sidecarOf,
} from '../../../workers/engine/sidecars';
import en from '../../../i18n/messages/uploader/en.json';

const FOLDER_KINDS = new Set(['thumbs-db', 'ds-store']);

describe('sidecar words', () => {
  it.each(SIDECAR_KINDS)(
    '%s has its words, naming its file where it has one',
    (kind) => {
      const messages: Record<string, string> = en;
      expect(messages[`sidecar.${kind}`]).toMatch(/^Left out: /);
      if (FOLDER_KINDS.has(kind)) return;
      expect(messages[`sidecar.${kind}.of`]).toContain('{name}');
    },
  );
});

describe('sidecarOf: folder records', () => {
  it.each([
    ['.DS_Store', 'ds-store'],
    ['photos/.ds_store', 'ds-store'],
    ['Thumbs.db', 'thumbs-db'],
    ['trip\\THUMBS.DB', 'thumbs-db'],
    ['ehthumbs_vista.db', 'thumbs-db'],
  ])('%s is %s and describes no one file', (path, kind) => {
    expect(sidecarOf(path, ['photos/IMG_0042.HEIC'])).toEqual({ kind });
  });
});

describe('sidecarOf: Apple edits', () => {
  it('names the photo of the same stem', () => {
    expect(
      sidecarOf('2024/IMG_0042.AAE', [
        '2024/IMG_E0042.HEIC',
        '2024/IMG_0042.HEIC',
        '2024/IMG_0042.AAE',
      ]),
    ).toEqual({ kind: 'apple-edits', belongsTo: '2024/IMG_0042.HEIC' });
  });

  it('names the original for the adjustments of an original (IMG_O0042.AAE)', () => {
    expect(sidecarOf('IMG_O0042.aae', ['IMG_0042.JPG'])).toEqual({
      kind: 'apple-edits',
      belongsTo: 'IMG_0042.JPG',
    });
  });

  it('is still a sidecar when its photo is not in the batch', () => {
    expect(sidecarOf('IMG_0042.AAE', ['IMG_0043.HEIC'])).toEqual({
      kind: 'apple-edits',
    });
  });

  it('only counts siblings in its own folder', () => {
    expect(sidecarOf('a/IMG_0042.AAE', ['b/IMG_0042.HEIC'])).toEqual({
      kind: 'apple-edits',
    });
  });
});

describe('sidecarOf: Google Takeout records', () => {
  it.each([
    'IMG_0042.jpg.json',
    'IMG_0042.jpg.supplemental-metadata.json',
    'IMG_0042.jpg.supplemental-metad.json',
    'IMG_0042.jpg.suppl.json',
  ])('%s belongs to IMG_0042.jpg', (name) => {
    expect(
      sidecarOf(`Takeout/Photos/${name}`, [
        'Takeout/Photos/IMG_0042.jpg',
        'Takeout/Photos/metadata.json',
      ]),
    ).toEqual({
      kind: 'takeout-json',
      belongsTo: 'Takeout/Photos/IMG_0042.jpg',
    });
  });

  it('matches a numbered duplicate to its numbered photo', () => {
    expect(
      sidecarOf('IMG_0042.jpg(1).json', ['IMG_0042.jpg', 'IMG_0042(1).jpg']),
    ).toEqual({ kind: 'takeout-json', belongsTo: 'IMG_0042(1).jpg' });
  });

  it('recognises a record of a photo that is not in the batch', () => {
    expect(sidecarOf('VID_1.mp4.json', [])).toEqual({ kind: 'takeout-json' });
  });

  it.each(['metadata.json', 'package.json', 'notes.txt.json'])(
    '%s alone is no sidecar',
    (name) => {
      expect(sidecarOf(name, ['IMG_0042.jpg'])).toBeNull();
    },
  );

  it('names a sibling of another type it describes (a RAW photo)', () => {
    expect(sidecarOf('DSC_1.NEF.json', ['DSC_1.NEF'])).toEqual({
      kind: 'takeout-json',
      belongsTo: 'DSC_1.NEF',
    });
  });
});

describe('sidecarOf: DJI flight logs', () => {
  it('is a flight log beside a video of its name', () => {
    expect(sidecarOf('DJI_0001.SRT', ['DJI_0001.MP4'])).toEqual({
      kind: 'dji-srt',
      belongsTo: 'DJI_0001.MP4',
    });
  });

  it('is a flight log by a DJI clip name alone', () => {
    expect(sidecarOf('DJI_20240501123456_0007_D.SRT', [])).toEqual({
      kind: 'dji-srt',
    });
  });

  it('is not one beside nothing, nor beside a photo of its name', () => {
    expect(sidecarOf('holiday.srt', ['holiday.jpg'])).toBeNull();
  });

  it('tells a flight log from subtitles by its first lines', () => {
    const dji =
      '1\n00:00:00,000 --> 00:00:00,033\n<font size="28">FrameCnt: 1, DiffTime: 33ms\n[iso: 100] [latitude: 38.123] [longitude: -9.1]</font>\n';
    const film = '1\n00:00:01,000 --> 00:00:04,000\nHello there.\n';
    expect(looksLikeDjiLog(dji)).toBe(true);
    expect(
      looksLikeDjiLog('HOME(149.0251,-20.2532) GPS(149.0255,-20.2536,15)'),
    ).toBe(true);
    expect(looksLikeDjiLog(film)).toBe(false);
  });
});

describe('sidecarOf: XMP sidecars', () => {
  it('names the RAW photo of its stem, preferring a photo we clean', () => {
    expect(sidecarOf('DSC_1.xmp', ['DSC_1.NEF', 'DSC_1.JPG'])).toEqual({
      kind: 'xmp',
      belongsTo: 'DSC_1.JPG',
    });
    expect(sidecarOf('DSC_1.xmp', ['DSC_1.NEF'])).toEqual({
      kind: 'xmp',
      belongsTo: 'DSC_1.NEF',
    });
  });

  it("names darktable's IMG.CR2.xmp by the full name", () => {
    expect(sidecarOf('IMG_1.CR2.xmp', ['IMG_1.CR2', 'IMG_1.jpg'])).toEqual({
      kind: 'xmp',
      belongsTo: 'IMG_1.CR2',
    });
  });

  it('never names another sidecar as its owner', () => {
    expect(sidecarOf('IMG_1.xmp', ['IMG_1.AAE'])).toEqual({ kind: 'xmp' });
  });
});

describe('sidecarOf: everything else', () => {
  it.each(['IMG_0042.HEIC', 'report.pdf', 'notes.txt', 'archive.zip', 'db'])(
    '%s is no sidecar',
    (name) => {
      expect(sidecarOf(name, ['IMG_0042.HEIC', 'IMG_0042.AAE'])).toBeNull();
    },
  );
});
