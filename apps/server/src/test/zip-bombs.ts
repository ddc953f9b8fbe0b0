import { constants, crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { writeWorkbook } from '../lib/xlsx.js';

/** One entry of a hand-made zip: its deflated bytes, and the uncompressed size its headers declare. */
export interface ZipEntry {
  name: string;
  deflated: Buffer;
  declaredSize: number;
  crc?: number;
}

/** A zip written by hand (local headers, central directory, end record), so that its headers can lie. */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc ?? 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc ?? 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A real entry: deflated as it is, with its true size and CRC. */
export function honest(name: string, data: Buffer | string): ZipEntry {
  const bytes = Buffer.from(data);
  return { name, deflated: deflateRawSync(bytes), declaredSize: bytes.length, crc: crc32(bytes) };
}

/**
 * A deflate stream of `prefix`, then `unit` `times` times, then `suffix`, built in time and memory of one unit:
 * each piece is deflated alone and flushed to a byte boundary, so copies of one piece can be laid end to end.
 */
export function repeatedDeflate(
  prefix: string,
  unit: string,
  times: number,
  suffix: string,
): { deflated: Buffer; size: number } {
  const piece = (s: string) => deflateRawSync(Buffer.from(s), { finishFlush: constants.Z_FULL_FLUSH });
  const unitDeflated = piece(unit);
  const deflated = Buffer.concat([
    piece(prefix),
    ...Array.from({ length: times }, () => unitDeflated),
    deflateRawSync(Buffer.from(suffix)),
  ]);
  return { deflated, size: Buffer.byteLength(prefix) + Buffer.byteLength(unit) * times + Buffer.byteLength(suffix) };
}

/** The entries of a real workbook (one sheet, a header and two rows), inflated, to rebuild with a hostile part. */
export async function workbookParts(): Promise<Map<string, Buffer>> {
  const file = await writeWorkbook(
    'Hoja1',
    ['Matrícula', 'Nombre'],
    [
      ['A1', 'Ana'],
      ['A2', 'Luis'],
    ],
  );
  const zip = await yauzl.fromBufferPromise(file, { lazyEntries: true });
  const parts = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    parts.set(entry.fileName, Buffer.concat(chunks));
  }
  return parts;
}

const SHEET = 'xl/worksheets/sheet1.xml';

/** A workbook whose first sheet is `sheet` (deflated and declared as given) and whose other parts are real. */
export async function workbookWithSheet(sheet: Omit<ZipEntry, 'name'>): Promise<Buffer> {
  const parts = await workbookParts();
  const entries = [...parts].map(([name, data]) => (name === SHEET ? { name, ...sheet } : honest(name, data)));
  return writeZip(entries);
}

/** The first sheet's real XML with `inside` put in place of its sheet data, or after it. */
export async function sheetXml(replaceData: (sheetData: string) => string): Promise<string> {
  const xml = (await workbookParts()).get(SHEET)!.toString('utf8');
  const data = /<sheetData>[\s\S]*?<\/sheetData>|<sheetData\/>/.exec(xml)![0];
  return xml.replace(data, replaceData(data));
}

/**
 * A valid workbook of about 3 MB whose shared strings inflate to `inflatedMiB` (62) MB, a ratio near 20 that is well
 * inside the compression limit: strings of 60 letters, one in `randomEvery` random (deflate cannot shrink those), the
 * others a repeated one. No cell uses them; exceljs would still keep every one in memory.
 */
export async function sharedStringsBomb(inflatedMiB = 62, randomEvery = 12): Promise<Buffer> {
  const parts = await workbookParts();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const random = () => Array.from({ length: 60 }, () => letters[Math.floor(Math.random() * 26)]).join('');
  const same = `<si><t>${random()}</t></si>`;
  const chunks: string[] = [];
  let size = 0;
  for (let n = 0; size < inflatedMiB * 1024 * 1024; n++) {
    const si = n % randomEvery === 0 ? `<si><t>${random()}</t></si>` : same;
    chunks.push(si);
    size += si.length;
  }
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${chunks.length}" uniqueCount="${chunks.length}">` +
    `${chunks.join('')}</sst>`;
  const STRINGS = 'xl/sharedStrings.xml';
  const entries = [...parts].filter(([name]) => name !== STRINGS).map(([name, data]) => honest(name, data));
  return writeZip([...entries, honest(STRINGS, xml)]);
}
