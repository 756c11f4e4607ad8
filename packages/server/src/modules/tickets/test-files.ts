import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Real files of each kind the ticket tests upload (built here, byte by byte, in their true formats), the binaries a
 * renamed upload may really be, and multipart bodies for app.inject.
 */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size in one colour. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [34, 139, 230]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF89a. */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** The start of a JFIF JPEG (SOI + APP0), as cameras and editors write it. */
export function jpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]);
}

export function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A ZIP archive with stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    const record = Buffer.concat([local, fileName, data]);
    locals.push(record);
    centrals.push(Buffer.concat([central, fileName]));
    offset += record.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

/** A Word 2007+ document (.docx): the package's content types name a WordprocessingML main part. */
export function docx(): Buffer {
  return zip({
    '[Content_Types].xml': CONTENT_TYPES(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    'word/document.xml':
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
  });
}

/** An Excel workbook (.xlsx): a zip of the same family, but not a Word document. */
export function xlsx(): Buffer {
  return zip({
    '[Content_Types].xml': CONTENT_TYPES(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    'xl/workbook.xml': '<workbook/>',
  });
}

/** A compound file (OLE2) whose directory has the given stream names, like a .doc ("WordDocument") or an .msi. */
export function compoundFile(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18); // minor version
  header.writeUInt16LE(0x0003, 0x1a); // major version 3
  header.writeUInt16LE(0xfffe, 0x1c); // little endian
  header.writeUInt16LE(9, 0x1e); // 512-byte sectors
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(0, 0x30); // directory starts at sector 0
  const directory = Buffer.alloc(512);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, i) => {
    const entry = Buffer.alloc(128);
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(entry, 0);
    entry.writeUInt16LE(encoded.length, 0x40);
    entry[0x42] = i === 0 ? 5 : 2;
    entry.copy(directory, i * 128);
  });
  return Buffer.concat([header, directory, randomBytes(512)]);
}

/** The start of a Linux executable (ELF64), with the NUL bytes every real one has. */
export function elf(): Buffer {
  const b = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]).copy(b, 0);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  return b;
}

/** The start of a Windows executable: the MZ header pointing at a PE header. */
export function windowsExe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
}

export interface Multipart {
  payload: Buffer | Readable;
  headers: Record<string, string>;
}

function parts(filename: string, contentType: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { boundary, head, tail };
}

/** A multipart/form-data body with one file in the field "file". */
export function multipartFile(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  const { boundary, head, tail } = parts(filename, contentType);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  } satisfies Multipart;
}

/**
 * A multipart body whose file is `totalBytes` long, produced lazily 1 MiB at a time (never held whole). `pulled`
 * tells how many file bytes the server has read so far.
 */
export function streamingMultipartFile(filename: string, totalBytes: number) {
  const { boundary, head, tail } = parts(filename, 'text/plain');
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  const state = { pulled: 0 };
  async function* body() {
    yield head;
    while (state.pulled < totalBytes) {
      const n = Math.min(chunk.length, totalBytes - state.pulled);
      state.pulled += n;
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
    }
    yield tail;
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    state,
  };
}
