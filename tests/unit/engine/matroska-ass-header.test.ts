/**
 * An ASS subtitle track's header (its CodecPrivate: `[Script Info]`, the styles, Aegisub's
 * sections) keeps the script's authors and the author's local file paths. Fixtures are made by
 * ffmpeg from a generated .ass file with a canary in each of those keys; ffmpeg reads the script
 * back, and the leak oracle judges the bytes.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine/index';
import { verifyLevel1Crcs } from '../../helpers/video-ebml';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  TEST_VIDEO,
  blobOf,
  cleanFile,
  decodeErrors,
  ffmpeg,
  ffprobe,
  fileBytes,
  framemd5,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';

const CANARIES = {
  title: 'CanaryTitleQx7',
  script: 'CanaryScriptAuthorQx7',
  translation: 'CanaryTranslatorQx7',
  editing: 'CanaryEditorQx7',
  timing: 'CanaryTimerQx7',
  updatedBy: 'CanaryUpdaterQx7',
  details: 'CanaryUpdateDetailsQx7',
  unknown: 'CanaryUnknownKeyQx7',
  comment: 'CanaryCommentQx7',
  audio: 'CanaryAudioPathQx7',
  video: 'CanaryVideoPathQx7',
  keyframes: 'CanaryKeyframesPathQx7',
  extradata: 'CanaryExtradataQx7',
};
const USER_PATH = 'C:\\Users\\CanaryUserQx7\\Videos';
const DIALOGUE =
  'Dialogue: 0,0:00:00.00,0:00:00.90,Default,,0,0,0,,Hello from the script';
const STYLE =
  'Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1';

function script(lineEnd: string): string {
  const c = CANARIES;
  return [
    '[Script Info]',
    `; ${c.comment}`,
    `Title: ${c.title}`,
    `Original Script: ${c.script}`,
    `Original Translation: ${c.translation}`,
    `Original Editing: ${c.editing}`,
    `Original Timing: ${c.timing}`,
    `Script Updated By: ${c.updatedBy}`,
    `Update Details: ${c.details}`,
    `X-Private-Key: ${c.unknown}`,
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    'PlayResX: 640',
    'PlayResY: 360',
    '',
    '[Aegisub Project Garbage]',
    `Audio File: ${USER_PATH}\\${c.audio}.wav`,
    `Video File: ${USER_PATH}\\${c.video}.mkv`,
    `Keyframes File: ${USER_PATH}\\${c.keyframes}.txt`,
    'Active Line: 3',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    STYLE,
    '',
    '[Aegisub Extradata]',
    `Data: 1,${c.extradata},e#${c.extradata}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    DIALOGUE,
    '',
  ].join(lineEnd);
}

/** The subtitle stream as ffmpeg writes it back out as an .ass script. */
function assOut(path: string): string {
  return execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:s', '-f', 'ass', '-'],
    { encoding: 'utf8' },
  );
}

const lineWith = (text: string, prefix: string) =>
  text.split(/\r?\n/).filter((l) => l.startsWith(prefix));

let dir: string;
const cases: Record<string, { input: string; cleaned?: Cleaned }> = {};

beforeAll(async () => {
  dir = tempDir('mkv-ass-header');
  for (const [name, lineEnd, crc] of [
    ['lf.mkv', '\n', false],
    ['crlf-crc.mkv', '\r\n', true],
  ] as const) {
    const ass = join(dir, `${name}.ass`);
    writeFileSync(ass, script(lineEnd));
    const input = join(dir, name);
    ffmpeg([
      ...TEST_VIDEO,
      '-i',
      ass,
      '-t',
      '1',
      '-map',
      '0:v',
      '-map',
      '1:s',
      '-c:v',
      'libx264',
      '-c:s',
      'copy',
      ...(crc ? ['-write_crc32', '1'] : ['-write_crc32', '0']),
      input,
    ]);
    cases[name] = { input };
  }
  for (const c of Object.values(cases)) c.cleaned = await cleanFile(c.input);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['lf.mkv', 'crlf-crc.mkv'])('an ASS header in %s', (name) => {
  const input = () => cases[name]!.input;
  const cleaned = () => cases[name]!.cleaned!;
  const canaries = [...Object.values(CANARIES), 'CanaryUserQx7'];

  it('carries every canary in the input, as ffmpeg reads the script', () => {
    const text = assOut(input());
    for (const canary of canaries) expect(text).toContain(canary);
  });

  it('keeps none of them in the output', () => {
    expectNoLeaks(fileBytes(input()), cleaned().bytes, canaries);
    const text = assOut(cleaned().path);
    for (const canary of canaries) expect(text).not.toContain(canary);
  });

  it('is cleaned in place, the length unchanged, every CRC-32 right', () => {
    expect(cleaned().inPlace).toBe(true);
    expect(cleaned().bytes.length).toBe(fileBytes(input()).length);
    // Tracks' CRC-32 recomputed (the Tags, voided whole, take theirs along).
    const crcs = verifyLevel1Crcs(cleaned().bytes);
    if (name.includes('crc')) expect(crcs).toBeGreaterThan(0);
  });

  it('keeps the dialogue, the styles and the keys renderers read', () => {
    const before = assOut(input());
    const after = assOut(cleaned().path);
    for (const prefix of [
      'Dialogue:',
      'Style:',
      'Format:',
      'ScriptType:',
      'PlayResX:',
      'PlayResY:',
      'WrapStyle:',
      'ScaledBorderAndShadow:',
      'YCbCr Matrix:',
    ]) {
      expect(lineWith(after, prefix).length).toBeGreaterThan(0);
      expect(lineWith(after, prefix)).toEqual(lineWith(before, prefix));
    }
    expect(after).toContain('[Aegisub Project Garbage]');
    expect(after).toContain('[V4+ Styles]');
  });

  it('plays: the frames unchanged, no decode error, ffprobe reads it', () => {
    expect(framemd5(cleaned().path)).toBe(framemd5(input()));
    expect(decodeErrors(cleaned().path)).toBe('');
    expect(JSON.parse(ffprobe(cleaned().path)).streams).toHaveLength(2);
  });

  it('reports each blanked key with its field', () => {
    const findings = cleaned().result.removed;
    const fieldOf = (value: string) =>
      findings.find((f) => f.value?.includes(value))?.field;
    expect(fieldOf(CANARIES.title)).toBe('content.title');
    for (const value of [
      CANARIES.script,
      CANARIES.translation,
      CANARIES.editing,
      CANARIES.timing,
    ])
      expect(fieldOf(value)).toBe('author.name');
    expect(fieldOf(CANARIES.updatedBy)).toBe('author.last-editor');
    expect(fieldOf(CANARIES.details)).toBe('history.changes');
    expect(fieldOf(CANARIES.unknown)).toBe('document.unknown-key');
    expect(fieldOf(CANARIES.comment)).toBe('content.comment');
    for (const value of [CANARIES.audio, CANARIES.video, CANARIES.keyframes])
      expect(fieldOf(value)).toBe('identifier.file-name');
    expect(fieldOf(CANARIES.extradata)).toBe('software.detail');
    expect(findings.some((f) => f.value?.includes('640'))).toBe(false);
  });

  it('leaves nothing removable in the output', async () => {
    const { findings } = await inspect(blobOf(cleaned().bytes));
    expect(findings.filter((f) => f.kept === undefined)).toEqual([]);
  });

  it('says which key a key no specification defines is, beside its value, and a comment without its mark', () => {
    const findings = cleaned().result.removed;
    expect(findings.map((f) => f.value)).toContain(
      `X-Private-Key: ${CANARIES.unknown}`,
    );
    expect(findings.map((f) => f.value)).toContain(CANARIES.comment);
  });
});

/** A script an older Windows tool saved in its code page: "José Müller" as Latin-1 bytes. */
describe('a Latin-1 ASS header', () => {
  const AUTHOR = 'CanaryJosé Müller';
  const TITLE = 'CanaryCafé crème';
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  let input: string;
  let cleaned: Cleaned;

  beforeAll(async () => {
    const ass = join(dir, 'latin1.ass');
    writeFileSync(
      ass,
      latin1(
        script('\n')
          .replace(`Title: ${CANARIES.title}`, `Title: ${TITLE}`)
          .replace(
            `Original Script: ${CANARIES.script}`,
            `Original Script: ${AUTHOR}`,
          ),
      ),
    );
    input = join(dir, 'latin1.mkv');
    ffmpeg([
      ...TEST_VIDEO,
      '-i',
      ass,
      '-t',
      '1',
      '-map',
      '0:v',
      '-map',
      '1:s',
      '-c:v',
      'libx264',
      '-c:s',
      'copy',
      input,
    ]);
    cleaned = await cleanFile(input);
  }, 120_000);

  it('carries the Latin-1 bytes in the input, as ffmpeg reads the script', () => {
    const text = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      input,
      '-map',
      '0:s',
      '-f',
      'ass',
      '-',
    ]);
    expect(text.includes(latin1(AUTHOR))).toBe(true);
    expect(text.includes(Buffer.from(AUTHOR))).toBe(false);
  });

  it('reports the values as the script wrote them, not as U+FFFD', () => {
    const values = cleaned.result.removed.map((f) => f.value ?? '');
    expect(values).toContain(AUTHOR);
    expect(values).toContain(TITLE);
    expect(values.join('')).not.toContain('\ufffd');
  });

  it('keeps neither in the output', () => {
    expectNoLeaks(fileBytes(input), cleaned.bytes, ['CanaryJos', 'CanaryCaf']);
  });
});
