/**
 * A Matroska file ffmpeg made bare, then edited by mkvpropedit: the segment's title, dates,
 * file names and writing applications, track names, global and track tags (nested, binary), an
 * attachment with a description, and chapters whose titles must stay.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';

function tagsXml(set: CanarySet, where: string): string {
  const t = (field: string) => set.text(`${where} tag ${field}`);
  return `<?xml version="1.0"?>
<Tags><Tag><Targets/>
  <Simple><Name>ARTIST</Name><String>${t('ARTIST')}</String>
    <Simple><Name>URL</Name><String>http://example.com/${t('nested URL')}</String></Simple>
  </Simple>
  <Simple><Name>COMMENT</Name><String>${t('COMMENT')}</String><TagLanguage>eng</TagLanguage></Simple>
  <Simple><Name>ENCODER_SETTINGS</Name><String>${t('ENCODER_SETTINGS')}</String></Simple>
  <Simple><Name>DATE_RECORDED</Name><String>1971-02-03</String></Simple>
  <Simple><Name>${t('own name')}</Name><String>${t('own value')}</String></Simple>
  <Simple><Name>${t('binary name')}</Name><Binary>${Buffer.from(t('binary value')).toString('base64')}</Binary></Simple>
</Tag></Tags>`;
}

function chaptersXml(set: CanarySet): string {
  const atom = (i: number) =>
    `<ChapterAtom><ChapterTimeStart>00:00:0${i}.000</ChapterTimeStart><ChapterDisplay><ChapterString>${set.content(`chapter ${i} title`)}</ChapterString><ChapterLanguage>eng</ChapterLanguage></ChapterDisplay></ChapterAtom>`;
  return `<?xml version="1.0"?>
<Chapters><EditionEntry>${atom(0)}${atom(1)}</EditionEntry></Chapters>`;
}

function mkvpropeditFixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, 'planted.mkv');
  execFileSync(
    'ffmpeg',
    [
      ...[
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=10:d=1',
      ],
      ...['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'libvorbis'],
      ...['-map_metadata', '-1', '-fflags', '+bitexact', path],
    ],
    { stdio: 'pipe' },
  );
  const file = (name: string, text: string) => {
    const at = join(dir, name);
    writeFileSync(at, text);
    return at;
  };
  const t = (field: string) => set.text(`mkvpropedit ${field}`);
  execFileSync(
    'mkvpropedit',
    [
      path,
      ...['--edit', 'info', '--set', `title=${t('segment title')}`],
      ...['--set', `muxing-application=${t('muxing application')}`],
      ...['--set', `writing-application=${t('writing application')}`],
      ...['--set', `segment-filename=${t('segment file name')}.mkv`],
      ...['--set', `prev-filename=${t('previous file name')}.mkv`],
      ...['--set', 'date=1971-02-03T04:05:06Z'],
      ...['--edit', 'track:v1', '--set', `name=${t('video track name')}`],
      ...['--edit', 'track:a1', '--set', `name=${t('audio track name')}`],
      ...['--tags', `global:${file('global.xml', tagsXml(set, 'global'))}`],
      ...['--tags', `track:a1:${file('track.xml', tagsXml(set, 'track'))}`],
      ...['--chapters', file('chapters.xml', chaptersXml(set))],
      ...['--attachment-name', `${t('attachment name')}.txt`],
      ...['--attachment-description', t('attachment description')],
      ...['--attachment-mime-type', 'text/plain'],
      ...[
        '--add-attachment',
        file('notes.txt', `${t('attachment contents')}\n`),
      ],
    ],
    { stdio: 'pipe' },
  );
  set.fixed('DateUTC, DATE_RECORDED', '1971-02-03');
  return {
    name: 'MKV (mkvpropedit)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

export const matroskaWriterFixtures: readonly FixtureMaker[] = [
  { name: 'MKV (mkvpropedit)', make: mkvpropeditFixture },
];
