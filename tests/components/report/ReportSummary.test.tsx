import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { ReportSummary } from '../../../src/features/report/ReportSummary';
import { fileKindOf } from '../../../src/features/report/summary';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { finding, relocated } from '../../../workers/engine/findings';
import { renderWithIntl } from '../uploader/render-with-intl';
import {
  DATES_ONLY,
  DOCX,
  JPEG,
  MP4,
  PHONE_PHOTO,
  PHONE_VIDEO,
  WORD_FILE,
  result,
} from './fixtures';

afterEach(cleanup);

function sentence(r: CleanSuccess, set: MessageSet): string {
  renderWithIntl(<ReportSummary result={r} />, set);
  const text = screen.getByTestId('report-summary').textContent ?? '';
  // Quoted values sit in bidi isolates (U+2067 or U+2068 ... U+2069) and Arabic degrees between
  // left-to-right marks (U+200E), all invisible on screen.
  return text.replace(/[\u2067\u2068\u2069\u200e]/g, '');
}

/** Per set: the phone photo's sentence, then the words a video, a document and a clean file use. */
const EXPECTED: Record<
  MessageSet,
  { photo: string; video: RegExp; document: RegExp; clean: RegExp }
> = {
  en: {
    photo:
      'This photo revealed where it was taken (near 36.12° N, 115.17° W), when (July 12, 2014 at 4:17 PM), the camera or phone that took it (Samsung SM-N900A), a caption or comment, and a small preview copy of the picture. All of it is gone from the clean copy.',
    video:
      /^This video revealed where it was filmed .* the camera or phone that filmed it \(Apple iPhone 12\)/,
    document: /^This document revealed .*who wrote it \(Ana Souza\)/,
    clean: /already clean/,
  },
  'en-GB': {
    photo:
      'This photo revealed where it was taken (near 36.12° N, 115.17° W), when (12 July 2014 at 16:17), the camera or phone that took it (Samsung SM-N900A), a caption or comment and a small preview copy of the picture. All of it is gone from the clean copy.',
    video: /^This video revealed where it was filmed/,
    document: /^This document revealed .*who wrote it \(Ana Souza\)/,
    clean: /already clean/,
  },
  pt: {
    photo:
      'Esta foto revelou onde foi tirada (perto de 36,12° N, 115,17° O), quando (12 de julho de 2014 às 16:17), a câmera ou o celular que a tirou (Samsung SM-N900A), uma legenda ou comentário e uma pequena cópia de prévia da imagem. Tudo isso foi apagado da cópia limpa.',
    video: /^Este vídeo revelou onde foi gravado .*o celular que o gravou/,
    document: /^Este documento revelou .*quem o escreveu \(Ana Souza\)/,
    clean: /já estava limpa/,
  },
  de: {
    photo:
      'Dieses Foto verriet: wo es aufgenommen wurde (nahe 36,12° N, 115,17° W), wann (12. Juli 2014 um 16:17), die Kamera oder das Handy, mit dem es aufgenommen wurde (Samsung SM-N900A), eine Bildunterschrift oder einen Kommentar und eine kleine Vorschaukopie des Bildes. All das ist aus der bereinigten Kopie entfernt.',
    video: /^Dieses Video verriet: wo es gefilmt wurde/,
    document:
      /^Dieses Dokument verriet: .*wer es geschrieben hat \(Ana Souza\)/,
    clean: /bereits sauber/,
  },
  'de-CH': {
    photo:
      'Dieses Foto verriet: wo es aufgenommen wurde (nahe 36.12° N, 115.17° W), wann (12. Juli 2014 um 16:17), die Kamera oder das Handy, mit dem es aufgenommen wurde (Samsung SM-N900A), eine Bildunterschrift oder einen Kommentar und eine kleine Vorschaukopie des Bildes. All das ist aus der bereinigten Kopie entfernt.',
    video: /^Dieses Video verriet: wo es gefilmt wurde/,
    document: /^Dieses Dokument verriet: .*wer es geschrieben hat/,
    clean: /bereits sauber/,
  },
  it: {
    photo:
      'Questa foto rivelava dove è stata scattata (vicino a 36,12° N, 115,17° O), quando (12 luglio 2014 alle ore 16:17), la fotocamera o il telefono che l’ha scattata (Samsung SM-N900A), una didascalia o un commento e una piccola copia di anteprima dell’immagine. Tutto questo è sparito dalla copia pulita.',
    video: /^Questo video rivelava dove è stato girato/,
    document: /^Questo documento rivelava .*chi l’ha scritto \(Ana Souza\)/,
    clean: /era già pulita/,
  },
  ar: {
    photo:
      'كشفت هذه الصورة مكان التقاطها (قرب 36.12° شمالًا، 115.17° غربًا) وتاريخها (12 يوليو 2014 في 4:17 م) والكاميرا أو الهاتف الذي التقطها (Samsung SM-N900A) ووصفًا أو تعليقًا ونسخة معاينة صغيرة من الصورة. وقد أُزيل كل ذلك من النسخة النظيفة.',
    video: /^كشف هذا الفيديو مكان تصويره/,
    document: /^كشف هذا المستند .*ومن كتبه \(Ana Souza\)/,
    clean: /كانت نظيفة بالفعل/,
  },
};

/** Per set: the words for a subtitle track that logged a route. */
const ROUTE_LOG: Record<MessageSet, string> = {
  en: 'a subtitle track that logged the route moment by moment',
  'en-GB': 'a subtitle track that logged the route moment by moment',
  pt: 'uma faixa de legendas que registrou o trajeto momento a momento',
  de: 'eine Untertitelspur, die die Route Moment für Moment aufgezeichnet hat',
  'de-CH':
    'eine Untertitelspur, die die Route Moment für Moment aufgezeichnet hat',
  it: 'una traccia di sottotitoli che ha registrato il percorso momento per momento',
  ar: 'مسار ترجمة سجّل خط السير لحظة بلحظة',
};

describe.each(MESSAGE_SETS)('the summary sentence in %s', (set) => {
  const expected = EXPECTED[set];

  it('names place, time and device of a phone photo, most sensitive first', () => {
    expect(sentence(result(JPEG, PHONE_PHOTO), set)).toBe(expected.photo);
    expect(screen.getByTestId('report-summary').textContent).toContain(
      '\u2068Samsung SM-N900A\u2069',
    );
  });

  it('speaks of a video as filmed', () => {
    expect(sentence(result(MP4, PHONE_VIDEO), set)).toMatch(expected.video);
  });

  it('speaks of a document as written', () => {
    expect(sentence(result(DOCX, WORD_FILE), set)).toMatch(expected.document);
  });

  it('says an untouched file was already clean', () => {
    expect(sentence(result(JPEG, []), set)).toMatch(expected.clean);
  });

  it('names a route logged in a subtitle track', () => {
    const log = [
      finding(
        'gps.track-log',
        'tx3g first position',
        'moov/trak[2]',
        '17.02583, -96.551234',
      ),
      finding(
        'gps.track-log',
        'tx3g last position',
        'moov/trak[2]',
        '17.026412, -96.551801',
      ),
    ];
    const text = sentence(result(MP4, log), set);
    expect(text).toContain(ROUTE_LOG[set]);
    expect(text).not.toMatch(/\{|\}/);
  });

  it('names only the time of a file with only dates', () => {
    const text = sentence(result(JPEG, DATES_ONLY), set);
    expect(text).toContain('2014');
    expect(text).not.toMatch(/36[.,]12|Samsung/);
  });
});

describe('what the file is called', () => {
  it('calls a drawing this file, not this photo', () => {
    for (const format of ['svg', 'emf', 'wmf'] as const)
      expect(fileKindOf(format), format).toBe('file');
    expect(fileKindOf('jpeg')).toBe('photo');
    const drawing = result({ id: 'emf', mime: 'image/emf', extension: 'emf' }, [
      finding('software.creator', 'Description', 'EMR_HEADER', 'Visio'),
    ]);
    expect(sentence(drawing, 'en')).toMatch(/^This file revealed/);
  });
});

describe('a document’s editing history', () => {
  it('is not called earlier versions when only a revision count was found', () => {
    const revision = result(DOCX, [
      finding('history.revision', 'cp:revision', 'docProps/core.xml', '3'),
    ]);
    const text = sentence(revision, 'en');
    expect(text).toBe(
      'This document revealed its editing history. All of it is gone from the clean copy.',
    );
  });
});

describe('files inside the file', () => {
  it('counts the files whose facts it tells, not every file inside', () => {
    const zip = {
      id: 'zip',
      mime: 'application/zip',
      extension: 'zip',
    } as const;
    const photo = (name: string) =>
      relocated(PHONE_PHOTO, name, { name, kind: 'image' });
    const letter = relocated(WORD_FILE, 'cv.docx', {
      name: 'cv.docx',
      kind: 'document',
    });
    const text = sentence(
      result(zip, [...photo('a.jpg'), ...photo('b.jpg'), ...letter]),
      'en',
    );
    expect(text).toMatch(/^2 photos inside this file revealed where/);
  });

  const zip = { id: 'zip', mime: 'application/zip', extension: 'zip' } as const;
  const photos = (count: number) =>
    result(
      zip,
      Array.from({ length: count }, (_, i) => `p${i}.jpg`).flatMap((name) =>
        relocated(PHONE_PHOTO, name, { name, kind: 'image' }),
      ),
    );

  /** Per set: what one photo inside revealed, and what three did (a value quoted is one's). */
  const OWNERS: Record<MessageSet, { one: string; three: string }> = {
    en: {
      one: 'where it was taken (near 36.12° N',
      three: 'where they were taken (e.g. near 36.12° N',
    },
    'en-GB': {
      one: 'where it was taken (near 36.12° N',
      three: 'where they were taken (e.g. near 36.12° N',
    },
    pt: {
      one: 'onde foi tirada (perto de',
      three: 'onde foram tiradas (por exemplo, perto de',
    },
    de: {
      one: 'wo es aufgenommen wurde (nahe',
      three: 'wo sie aufgenommen wurden (z. B. nahe',
    },
    'de-CH': {
      one: 'wo es aufgenommen wurde (nahe',
      three: 'wo sie aufgenommen wurden (z. B. nahe',
    },
    it: {
      one: 'dove è stata scattata (vicino a',
      three: 'dove sono state scattate (ad esempio vicino a',
    },
    ar: { one: 'مكان التقاطها (قرب', three: 'مكان التقاطها (مثلًا قرب' },
  };

  it.each(MESSAGE_SETS)(
    'says where several photos were taken in the plural, in %s',
    (set) => {
      expect(sentence(photos(1), set)).toContain(OWNERS[set].one);
      cleanup();
      const three = sentence(photos(3), set);
      expect(three).toContain(OWNERS[set].three);
      expect(three).not.toContain(OWNERS[set].one);
    },
  );

  it('gives two photos inside Arabic’s dual', () => {
    const two = sentence(photos(2), 'ar');
    expect(two).toContain('مكان التقاطهما');
    expect(two).toContain('الكاميرات أو الهواتف التي التقطتهما');
  });

  it('names the devices of several photos in the plural', () => {
    expect(sentence(photos(3), 'en')).toContain(
      'the cameras or phones that took them (e.g. Samsung SM-N900A)',
    );
  });
});

describe('plural forms', () => {
  const unnamed = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      finding('other.private', `vendor${i}`, 'APP5', `${i} bytes`),
    );

  it.each([
    [1, 'en', 'revealed 1 other hidden detail.'],
    [3, 'en', 'revealed 3 other hidden details.'],
    [1, 'pt', 'revelou 1 outro detalhe oculto.'],
    [2, 'de', 'verriet: 2 weitere verborgene Details.'],
    [2, 'ar', 'تفصيلين مخفيين آخرين'],
    [3, 'ar', '3 تفاصيل مخفية أخرى'],
    [11, 'ar', '11 تفصيلًا مخفيًا آخر'],
  ] as const)('%i unnamed items in %s', (count, set, words) => {
    expect(sentence(result(JPEG, unnamed(count)), set)).toContain(words);
  });
});

describe('the summary agrees with the kind of file', () => {
  const MP3 = { id: 'mp3', mime: 'audio/mpeg', extension: 'mp3' } as const;
  const RECORDING = [
    finding('author.name', 'TPE1', 'ID3v2.4', 'Mara Lind'),
    finding('software.encoder', 'TSSE', 'ID3v2.4', 'LAME 3.100'),
  ];
  const PHOTO = [
    finding('author.name', 'Artist', 'APP1 Exif / IFD0', 'Mara Lind'),
    finding('software.creator', 'Software', 'APP1 Exif / IFD0', 'GIMP 2.10'),
  ];

  it.each([
    [
      'de',
      MP3,
      RECORDING,
      'wer sie erstellt hat (Mara Lind) und die App, mit der sie erstellt',
    ],
    [
      'de-CH',
      MP3,
      RECORDING,
      'wer sie erstellt hat (Mara Lind) und die App, mit der sie erstellt',
    ],
    [
      'it',
      JPEG,
      PHOTO,
      'chi l’ha creata (Mara Lind) e l’app con cui è stata creata',
    ],
    ['ar', JPEG, PHOTO, 'التطبيق الذي أُنشئت أو عُدّلت به'],
  ] as const)('in %s', (set, format, findings, words) => {
    expect(sentence(result(format, [...findings]), set)).toContain(words);
  });

  it('quotes no bare version number as the app', () => {
    const iphone = [
      finding('device.model', 'Model', 'Exif / IFD0', 'iPhone 11 Pro Max'),
      finding('software.creator', 'Software', 'Exif / IFD0', '14.4.2'),
    ];
    const text = sentence(result(JPEG, iphone), 'en');
    expect(text).toContain('the app it was made or edited with');
    expect(text).not.toContain('14.4.2');
  });
});

describe('the date the summary quotes', () => {
  // dirty.docx (mat2's corpus) holds a PNG whose only date is its tIME chunk: when it was last
  // changed, not when it was taken. English says "when"; Arabic said "وقت التقاطها" (when it was
  // taken), which the file never told.
  it('is not called the time a photo was taken in Arabic, when it is only a change date', () => {
    const png = relocated(
      [finding('time.modified', 'tIME', 'tIME', '2018-03-20T21:59:00Z')],
      'word/media/image1.png',
      { name: 'word/media/image1.png', kind: 'image' },
    );
    const text = sentence(result(DOCX, png), 'ar');
    expect(text).not.toContain('التقاط');
    expect(text).toContain('تاريخها (20 مارس 2018');
  });
});

describe('a photo’s unique ID in the sentence', () => {
  const MP3 = { id: 'mp3', mime: 'audio/mpeg', extension: 'mp3' } as const;
  const id = finding('identifier.unique', 'ImageUniqueID', 'IFD0', 'abc123');
  const history = finding(
    'history.edits',
    'xmpMM:History',
    'APP1 XMP',
    'saved',
  );

  /** The pronoun must agree with the kind of file: a photo is feminine in these languages. */
  it.each([
    ['pt', JPEG, 'pode ligá-la a outros arquivos', 'ligá-lo'],
    ['it', JPEG, 'può collegarla ad altri file', 'collegarlo'],
    ['ar', JPEG, 'قد يربطها بملفات أخرى', 'يربطه '],
    ['de', MP3, 'die sie mit anderen Dateien', 'die es mit'],
    ['pt', DOCX, 'pode ligá-lo a outros arquivos', 'ligá-la'],
  ] as const)(
    'in %s agrees with the kind of file (%s)',
    (set, format, right, wrong) => {
      const text = sentence(result(format, [id, history]), set);
      expect(text).toContain(right);
      expect(text).not.toContain(wrong);
    },
  );

  it('says the Arabic photo’s editing history without a masculine pronoun', () => {
    expect(sentence(result(JPEG, [id, history]), 'ar')).not.toContain(
      'سجل تعديلاته',
    );
  });
});
