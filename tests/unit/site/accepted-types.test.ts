import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  acceptedEntries,
} from '../../../src/catalog/accepted-types';

describe('accepted types', () => {
  it('the documents page takes legacy Word, Excel and PowerPoint files and their templates', () => {
    const accept = acceptAttribute(acceptedEntries('documents')).split(',');
    for (const ext of ['.doc', '.dot', '.xls', '.xlt', '.ppt', '.pot', '.pps'])
      expect(accept).toContain(ext);
    expect(accept).toContain('application/msword');
  });

  it('the general tool takes them too', () => {
    const ids = acceptedEntries('all').map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['doc', 'xls', 'ppt']));
  });
});
