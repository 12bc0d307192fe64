/** The legacy Office formats, and how a compound file says which one it is: its root streams. */
import { catalogFormats, sniffedAs, type Sniffed } from '../../format-catalog';

export const LEGACY_FORMATS = catalogFormats('doc', 'xls', 'ppt');

/** An OLE object on its own (an Office document's `oleObject1.bin`): only ever nested. */
export const OLE_OBJECT: Sniffed = {
  id: 'ole',
  mime: 'application/x-ole-storage',
  extension: 'bin',
};

export const DOC = sniffedAs('doc');
export const XLS = sniffedAs('xls');
export const PPT = sniffedAs('ppt');

/** The stream that makes a storage a Word, Excel or PowerPoint document. */
export const WORD_STREAM = 'WordDocument';
export const EXCEL_STREAM = 'Workbook';
/** Excel 5 and 95 named the stream Book. */
export const EXCEL_95_STREAM = 'Book';
export const POWERPOINT_STREAM = 'PowerPoint Document';
export const CURRENT_USER_STREAM = 'Current User';
/** [MS-OFFCRYPTO] 2.3.4: a password-protected file's encryption header, and an OOXML package. */
export const ENCRYPTION_INFO = 'EncryptionInfo';
export const ENCRYPTED_PACKAGE = 'EncryptedPackage';
/** [MS-OLEDS] 2.3: streams every embedded OLE object may have. */
export const OLE_STREAMS = [
  '\u0001Ole',
  '\u0001CompObj',
  '\u0001Ole10Native',
  '\u0003ObjInfo',
];
/** Storages that hold a VBA project. */
export const MACRO_STORAGES = ['Macros', '_VBA_PROJECT_CUR'];
/** Word's two possible table streams: the FIB says which is live. */
export const TABLE_STREAMS = ['0Table', '1Table'];
