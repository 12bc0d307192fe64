import { describe, expect, it } from 'vitest';
import {
  extensionOf,
  nameRisks,
  neutralName,
  stemOf,
} from '../../../workers/engine/file-name';

describe('what a file name gives away', () => {
  it.each([
    ['IMG_20170209_195104.jpg', ['date', 'time']],
    ['WhatsApp Image 2024-03-01 at 09.14.22.jpeg', ['date', 'time']],
    ['Screenshot 2024-03-01 at 09.14.22.png', ['date', 'time']],
    ['Screenshot_20240301-091422.png', ['date', 'time']],
    ['PXL_20240301_091422123.jpg', ['date', 'time']],
    ['VID_20240301_091422.mp4', ['date', 'time']],
    ['2023-12-24.pdf', ['date']],
    ['Mariana Souza - CV final.docx', ['person']],
    ['José da Silva.pdf', ['person']],
    ['mariana@example.org notes.txt', ['contact']],
    ['call +55 11 98765-4321.m4a', ['contact']],
    ['iPhone photo.heic', ['device']],
  ])('%s: %j', (name, risks) => {
    expect(nameRisks(name)).toEqual(risks);
  });

  it.each([
    'DSC_0042.JPG',
    'IMG_4821.HEIC',
    'photo.jpg',
    'Final Report.docx',
    'Budget 2024.xlsx',
    'invoice-000123456789.pdf',
    'a3f9c2d81e7b4c6d.png',
    'Untitled Document.odt',
  ])('%s: nothing', (name) => {
    expect(nameRisks(name)).toEqual([]);
  });

  // The checks that spare most names the Unicode patterns must not hide a risk the patterns see:
  // case folding (ſ is s, the Kelvin sign is k), capitals outside ASCII, the fewest digits a
  // phone number has, a time only after a date.
  it.each([
    ['ſony clip.mp4', ['device']],
    ['ni\u212Aon trip.jpg', ['device']],
    ['DJI_0042.MP4', ['device']],
    ['Émile Zola.doc', ['person']],
    ['Ça Va Bien.txt', ['person']],
    ['+4915112345.jpg', ['contact']],
    ['a@b.co.jpg', ['contact']],
    ['+4915112.jpg', []],
    ['+49151123.jpg', ['contact']],
    ['1999-12-31 2359.jpg', ['date', 'time']],
    ['2359 shots.jpg', []],
  ])('%s: %j, as the patterns alone say', (name, risks) => {
    expect(nameRisks(name)).toEqual(risks);
  });

  it('reads only the name, not its folder', () => {
    expect(nameRisks('Mariana Souza/photo.jpg')).toEqual([]);
    expect(stemOf('C:\\Users\\x\\IMG_1.jpg')).toBe('IMG_1');
  });
});

describe('a neutral name', () => {
  it('is the kind and the extension, numbered from the second', () => {
    expect(neutralName('IMG_20170209_195104.JPG', 'image')).toBe('photo.jpg');
    expect(neutralName('Mariana Souza - CV.docx', 'document', 2)).toBe(
      'document-2.docx',
    );
    expect(neutralName('voice', 'audio')).toBe('recording');
    expect(extensionOf('.hidden')).toBe('');
  });
});
