import { describe, expect, it } from 'vitest';
import { neutralise } from './export-csv';
import { toWinAnsi } from './export-pdf';
import { safeFileName } from './prepared-files';

describe('neutralise (spreadsheet formula injection)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '＝1', '＋1', '－1', '＠1'])(
    '%j starts a formula: prefixed with a quote',
    (cell) => expect(neutralise(cell)).toBe(`'${cell}`),
  );
  it.each(['Grace', '', ' =1', "'=1", '1+1', 'a=b', 'CTO - Acme'])('%j is left as it is', (cell) =>
    expect(neutralise(cell)).toBe(cell),
  );
});

describe('safeFileName', () => {
  it.each([
    ['Tech Night', 'Tech Night.csv'],
    ['../../etc/passwd', 'etc passwd.csv'],
    ['A "quoted": name?', 'A quoted name.csv'],
    ['line\r\nbreak\u0000', 'line break.csv'],
    ['...', 'attendees.csv'],
    ['x'.repeat(300), `${'x'.repeat(100)}.csv`],
    ['Café Zoë', 'Café Zoë.csv'],
  ])('%j → %j', (name, out) => expect(safeFileName(name, 'csv')).toBe(out));
});

describe('toWinAnsi (the PDF font covers Windows-1252)', () => {
  it('keeps Latin-1 and typographic characters, strips accents it cannot print, else "?"', () => {
    expect(toWinAnsi('Zoë Müller – “CTO”')).toBe('Zoë Müller – “CTO”');
    expect(toWinAnsi('Łukasz Dvořák')).toBe('Lukasz Dvorák');
    expect(toWinAnsi('李 😀')).toBe('? ?');
  });
});
