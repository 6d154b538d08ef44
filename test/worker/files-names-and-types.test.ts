/**
 * A file's type comes from its bytes and its name is cleaned, whatever the browser claimed:
 * the pure functions here, the route's use of them in files-upload.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../../contract/files';
import { cleanFileName } from '../../worker/files/file-name';
import { sniffType } from '../../worker/files/sniff-type';
import { plainGif, plainJpeg, plainPng, plainWebp } from './support/image-fixtures';

const text = (value: string) => new TextEncoder().encode(value);

describe('sniffType', () => {
  it('knows the four image formats by their first bytes', () => {
    expect(sniffType(plainJpeg)).toBe('image/jpeg');
    expect(sniffType(plainPng)).toBe('image/png');
    expect(sniffType(plainWebp)).toBe('image/webp');
    expect(sniffType(plainGif)).toBe('image/gif');
  });

  it('knows PDF and plain UTF-8 text', () => {
    expect(sniffType(text('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe('application/pdf');
    expect(sniffType(text('Shopping list:\n- bread\n- 🍓 strawberries\n'))).toBe('text/plain');
    expect(sniffType(text('\uFEFFa file with a byte order mark'))).toBe('text/plain');
  });

  it('never calls markup text: HTML, SVG and XML are unknown bytes', () => {
    for (const markup of [
      '<!DOCTYPE html><html><script>alert(1)</script>',
      '  \n<html><body onload=alert(1)>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg/>',
      '\uFEFF<script>alert(1)</script>',
    ]) {
      expect(sniffType(text(markup)), markup).toBe('application/octet-stream');
    }
  });

  it('calls invalid UTF-8, NULs and anything else unknown bytes', () => {
    expect(sniffType(new Uint8Array([0x68, 0x69, 0xc3, 0x28]))).toBe('application/octet-stream');
    expect(sniffType(text('plain\0text'))).toBe('application/octet-stream');
    expect(sniffType(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]))).toBe('application/octet-stream');
  });
});

describe('cleanFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(cleanFileName('Holiday photo (2).JPG')).toBe('Holiday photo (2).JPG');
    expect(cleanFileName('Łódź — plan.pdf')).toBe('Łódź — plan.pdf');
  });

  it('drops folders, Windows and Unix alike', () => {
    expect(cleanFileName('C:\\Users\\me\\Desktop\\cat.png')).toBe('cat.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  });

  it('removes control, invisible and direction characters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u200Bb\u2066c\u00ADd\u0007e.txt')).toBe('abcde.txt');
    expect(cleanFileName('line\nbreak\ttab.txt')).toBe('line break tab.txt');
  });

  it('composes (NFC): e and a combining accent become é', () => {
    expect(cleanFileName('cafe\u0301.txt')).toBe('caf\u00e9.txt');
  });

  it(`cuts a long name to ${FILE_NAME_MAX} characters and keeps its extension`, () => {
    const cut = cleanFileName(`${'a'.repeat(300)}.jpeg`);
    expect(cut).toHaveLength(FILE_NAME_MAX);
    expect(cut.endsWith('.jpeg')).toBe(true);
    // No emoji is cut in half.
    const emoji = cleanFileName(`${'😀'.repeat(80)}.png`); // two UTF-16 units each
    expect(emoji.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(emoji).toBe(`${'😀'.repeat(48)}.png`);
  });

  it('is never empty', () => {
    for (const empty of ['', '   ', '\u200B\u202E', 'folder/', '..', '.']) {
      expect(cleanFileName(empty), JSON.stringify(empty)).toBe('file');
    }
  });
});
