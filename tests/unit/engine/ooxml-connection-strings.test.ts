import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { withoutPersonalPairs } from '../../../workers/engine/formats/ooxml/connection-strings';
import { CANARY, syntheticXlsx } from '../../helpers/office-fixtures';
import { cleaned } from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { tempDir } from '../../helpers/image-tools';

const REL =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A workbook whose data connections have the given connection strings (XML-escaped). */
function workbookWithConnections(strings: readonly string[]): Uint8Array {
  const files = unzipSync(syntheticXlsx());
  files['[Content_Types].xml'] = strToU8(
    strFromU8(files['[Content_Types].xml']!).replace(
      '</Types>',
      '<Override PartName="/xl/connections.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.connections+xml"/></Types>',
    ),
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    strFromU8(files['xl/_rels/workbook.xml.rels']!).replace(
      '</Relationships>',
      `<Relationship Id="rId77" Type="${REL}/connections" Target="connections.xml"/></Relationships>`,
    ),
  );
  const connections = strings
    .map(
      (s, i) =>
        `<connection id="${i + 1}" name="c${i + 1}" type="1" refreshedVersion="6"><dbPr connection="${s}" command="Orders" commandType="3"/></connection>`,
    )
    .join('');
  files['xl/connections.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><connections xmlns="${S}">${connections}</connections>`,
  );
  return zipSync(files);
}

/** The workbook's connections part as Info-ZIP's unzip reads it: a reader that is not ours. */
function connectionsByUnzip(workbook: Uint8Array): string {
  const path = join(tempDir('connection-strings'), 'book.xlsx');
  writeFileSync(path, workbook);
  return execFileSync('unzip', ['-p', path, 'xl/connections.xml'], {
    encoding: 'utf8',
  });
}

describe('connection strings', () => {
  it('reads the pairs after a piece that is not one (an empty piece, a bare keyword)', () => {
    expect(
      withoutPersonalPairs(
        'Provider=SQLOLEDB.1;Integrated Security=SSPI;;User ID=alice;Trusted_Connection;Workstation ID=ALICE-PC;Initial Catalog=Sales',
      ),
    ).toEqual({
      text: 'Provider=SQLOLEDB.1;Integrated Security=SSPI;;Trusted_Connection;Initial Catalog=Sales',
      removed: [
        { key: 'User ID', value: 'alice', field: 'author.person' },
        { key: 'Workstation ID', value: 'ALICE-PC', field: 'device.name' },
      ],
    });
  });

  it('cleans the ODBC string an OLE DB string quotes in Extended Properties, its quotes kept', () => {
    expect(
      withoutPersonalPairs(
        'Provider=MSDASQL.1;Persist Security Info=True;Extended Properties="DSN=Sales;UID=alice;PWD=s;APP=Microsoft ""Office"";WSID=ALICE-PC;DATABASE=Sales"',
      ),
    ).toEqual({
      text: 'Provider=MSDASQL.1;Persist Security Info=True;Extended Properties="DSN=Sales;APP=Microsoft ""Office"";DATABASE=Sales"',
      removed: [
        { key: 'UID', value: 'alice', field: 'author.person' },
        { key: 'PWD', value: undefined, field: 'other.data' },
        { key: 'WSID', value: 'ALICE-PC', field: 'device.name' },
      ],
    });
  });

  it('leaves a quoted value with no personal pair as it is', () => {
    expect(
      withoutPersonalPairs(
        'Provider=MSDASQL.1;Extended Properties="DSN=Sales;DATABASE=Sales"',
      ),
    ).toBeNull();
  });

  it('refuses pair lists nested deeper than a real string nests them, in bounded time', () => {
    const deep = 'A={'.repeat(100_000) + '}'.repeat(100_000);
    expect(() => withoutPersonalPairs(deep)).toThrow(
      expect.objectContaining({ code: 'unsupported' }),
    );
  });

  it('removes an account after a stray separator and inside Extended Properties from a workbook', async () => {
    const input = workbookWithConnections([
      'Provider=SQLOLEDB.1;Integrated Security=SSPI;;User ID=CANARY_AFTER_EMPTY;Initial Catalog=Sales',
      'Provider=SQLOLEDB.1;Trusted_Connection;Workstation ID=CANARY-AFTER-KEYWORD;Initial Catalog=Sales',
      'Provider=MSDASQL.1;Persist Security Info=True;Extended Properties=&quot;DSN=Sales;UID=CANARY_ODBC_USER;APP=Microsoft Office;WSID=CANARY-ODBC-PC;DATABASE=Sales&quot;',
    ]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [
      'CANARY_AFTER_EMPTY',
      'CANARY-AFTER-KEYWORD',
      'CANARY_ODBC_USER',
      'CANARY-ODBC-PC',
      CANARY,
    ]);
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'dbPr User ID',
        'dbPr Workstation ID',
        'dbPr UID',
        'dbPr WSID',
      ]),
    );
    const connections = strFromU8(unzipSync(output)['xl/connections.xml']!);
    expect(connections).toContain(
      'connection="Provider=MSDASQL.1;Persist Security Info=True;Extended Properties=&quot;DSN=Sales;APP=Microsoft Office;DATABASE=Sales&quot;"',
    );
  });

  it('reads a quoted value with blanks before its ";" as one value, the ";" inside it included', () => {
    expect(
      withoutPersonalPairs(
        'Provider=SQLOLEDB.1;Password="s3;cret" ;Extended Properties="DSN=Sales;UID=alice" ;Initial Catalog=Sales',
      ),
    ).toEqual({
      text: 'Provider=SQLOLEDB.1;Extended Properties="DSN=Sales;" ;Initial Catalog=Sales',
      removed: [
        { key: 'Password', value: undefined, field: 'other.data' },
        { key: 'UID', value: 'alice', field: 'author.person' },
      ],
    });
  });

  it('removes the whole of a quoted password followed by blanks from a workbook', async () => {
    const input = workbookWithConnections([
      'Provider=SQLOLEDB.1;Password=&quot;s3;CANARY_PASSWORD_TAIL&quot; ;User ID=CANARY_QUOTED_USER;Initial Catalog=Sales',
    ]);
    expect(connectionsByUnzip(input)).toContain('CANARY_PASSWORD_TAIL');
    const { output } = await cleaned(input);
    expectNoLeaks(input, output, [
      'CANARY_PASSWORD_TAIL',
      'CANARY_QUOTED_USER',
    ]);
    expect(connectionsByUnzip(output)).toContain(
      'connection="Provider=SQLOLEDB.1;Initial Catalog=Sales"',
    );
  });

  it("removes an Access database's password and an Oracle proxy account from a workbook", async () => {
    const input = workbookWithConnections([
      'Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;Data Source=Sales.accdb;Mode=Share Deny Write;Extended Properties=&quot;&quot;;Jet OLEDB:System database=&quot;&quot;;Jet OLEDB:Registry Path=&quot;&quot;;Jet OLEDB:Database Password=CANARY_ACCESS_PASSWORD;Jet OLEDB:Engine Type=6',
      'Provider=OraOLEDB.Oracle;Data Source=Sales;Proxy User Id=CANARY_PROXY_USER;Proxy Password=CANARY_PROXY_PASSWORD',
    ]);
    expect(connectionsByUnzip(input)).toContain('CANARY_ACCESS_PASSWORD');
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [
      'CANARY_ACCESS_PASSWORD',
      'CANARY_PROXY_USER',
      'CANARY_PROXY_PASSWORD',
    ]);
    expect(connectionsByUnzip(output)).toContain(
      'Jet OLEDB:Registry Path=&quot;&quot;;Jet OLEDB:Engine Type=6"',
    );
    expect(result.removed.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'dbPr Jet OLEDB:Database Password',
        'dbPr Proxy User Id',
      ]),
    );
  });

  it('removes the account a string names with Username (psqlODBC) or LogonID (DataDirect)', async () => {
    const input = workbookWithConnections([
      'Driver={PostgreSQL Unicode};Server=db.example.org;Port=5432;Database=sales;Username=CANARY_PG_USER;SSLmode=require',
      'DRIVER=DataDirect 8.0 PostgreSQL Wire Protocol;HostName=db;PortNumber=5432;Database=sales;LogonID=CANARY_DD_USER',
    ]);
    expect(connectionsByUnzip(input)).toContain('CANARY_PG_USER');
    expect(connectionsByUnzip(input)).toContain('CANARY_DD_USER');
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, ['CANARY_PG_USER', 'CANARY_DD_USER']);
    expect(connectionsByUnzip(output)).toContain(
      'connection="Driver={PostgreSQL Unicode};Server=db.example.org;Port=5432;Database=sales;SSLmode=require"',
    );
    expect(result.removed).toContainEqual(
      expect.objectContaining({
        label: 'dbPr Username',
        value: 'CANARY_PG_USER',
      }),
    );
  });
});
