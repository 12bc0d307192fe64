// Runs before the tests: the independent readers and renderers they check our output with must be
// on the machine. When any is missing, one message names them all and the command that installs
// them, instead of a failure per test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Each tool: how to tell it is there, and the Debian packages that bring it. */
const TOOLS = [
  {
    name: 'chromium',
    present: () => existsSync(chromium),
    packages: ['chromium'],
  },
  {
    name: 'exiftool',
    present: () => runs('exiftool', ['-ver']),
    packages: ['libimage-exiftool-perl'],
  },
  {
    name: 'ffmpeg',
    present: () => runs('ffmpeg', ['-version']),
    packages: ['ffmpeg'],
  },
  {
    name: 'ffprobe',
    present: () => runs('ffprobe', ['-version']),
    packages: ['ffmpeg'],
  },
  {
    name: 'qpdf',
    present: () => runs('qpdf', ['--version']),
    packages: ['qpdf'],
  },
  {
    name: 'pdftoppm, pdftotext',
    present: () => runs('pdftotext', ['-v']),
    packages: ['poppler-utils'],
  },
  {
    name: 'unzip',
    present: () => runs('unzip', ['-v']),
    packages: ['unzip'],
  },
  {
    name: 'zip (encrypted members for the archive tests)',
    present: () => runs('zip', ['-v']),
    packages: ['zip'],
  },
  {
    name: 'script (a terminal for the CLI progress and stdout tests)',
    present: () => runs('script', ['--version']),
    packages: ['bsdutils'],
  },
  {
    name: 'strace (the order of the in-place writes, read in their system calls)',
    present: () => runs('strace', ['-V']),
    packages: ['strace'],
  },
  {
    name: 'ImageMagick (with SVG and its fonts)',
    present: () =>
      says('convert', ['-list', 'format'], /\bSVG\b/) && dpkg('gsfonts'),
    packages: ['imagemagick', 'libmagickcore-6.q16-6-extra', 'gsfonts'],
  },
  {
    name: 'LibreOffice (soffice)',
    present: () => runs('soffice', ['--version']),
    packages: [
      'libreoffice-writer-nogui',
      'libreoffice-calc-nogui',
      'libreoffice-impress-nogui',
    ],
  },
  {
    // Without Archive::Zip exiftool does not look inside zip-based documents, so an "exiftool
    // finds nothing" check on a DOCX would pass whatever the output holds.
    name: 'exiftool zip support (Archive::Zip)',
    present: () => dpkg('libarchive-zip-perl'),
    packages: ['libarchive-zip-perl'],
  },
  {
    name: 'olefile (Python, reads legacy Office streams)',
    present: () => runs('/usr/bin/python3', ['-c', 'import olefile']),
    packages: ['python3-olefile'],
  },
  {
    name: 'DejaVu fonts',
    present: () => dpkg('fonts-dejavu-core'),
    packages: ['fonts-dejavu-core'],
  },
];

function runs(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 60_000 });
  return result.status === 0;
}

function says(command, args, pattern) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return result.status === 0 && pattern.test(result.stdout);
}

function dpkg(name) {
  return says(
    'dpkg-query',
    ['-W', '-f=${Status}', name],
    /install ok installed/,
  );
}

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length > 0) {
  const packages = [...new Set(missing.flatMap((tool) => tool.packages))];
  console.error(
    `The tests check our output with tools this machine lacks: ${missing.map((t) => t.name).join(', ')}.\n` +
      `Install them with:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n` +
      '(or set CHROMIUM_PATH to a Chromium binary). .ci/run installs them itself.',
  );
  process.exit(1);
}
