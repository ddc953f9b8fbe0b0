import { describe, expect, it } from 'vitest';
import {
  cellText,
  clampTyped,
  countDrafts,
  isBlock,
  nextCell,
  parseClipboardBlock,
  parseGrade,
  placeBlock,
  setDraft,
} from './grid-model';

describe('parseGrade', () => {
  it('reads decimal points and commas, clamps into 0-100 and marks what is not a number', () => {
    expect(parseGrade('85.5')).toEqual({ value: 85.5, bad: false });
    expect(parseGrade(' 85,5 ')).toEqual({ value: 85.5, bad: false });
    expect(parseGrade('105')).toEqual({ value: 100, bad: false });
    expect(parseGrade('-3')).toEqual({ value: 0, bad: false });
    expect(parseGrade('')).toEqual({ value: null, bad: false });
    expect(parseGrade('abc')).toEqual({ value: null, bad: true });
    expect(parseGrade('8o')).toEqual({ value: null, bad: true });
  });

  it('clamps a typed value as soon as it leaves the range and says from what; the rest stays as typed', () => {
    expect(clampTyped('1000')).toEqual({ text: '100', clampedFrom: '1000' });
    expect(clampTyped('150')).toEqual({ text: '100', clampedFrom: '150' });
    expect(clampTyped('-5')).toEqual({ text: '0', clampedFrom: '-5' });
    expect(clampTyped('92.')).toEqual({ text: '92.', clampedFrom: null });
    expect(clampTyped('9x')).toEqual({ text: '9x', clampedFrom: null });
    expect(clampTyped('-')).toEqual({ text: '-', clampedFrom: null });
  });

  it('shows a grade with one decimal, keeping hundredths that were stored', () => {
    expect(cellText(74)).toBe('74.0');
    expect(cellText(74.1)).toBe('74.1');
    expect(cellText(84.45)).toBe('84.45');
    expect(cellText(0)).toBe('0.0');
    expect(cellText(null)).toBe('');
  });
});

describe('paste parsing', () => {
  it('reads an Excel block (CRLF, trailing line break) and a Google Sheets block (LF)', () => {
    expect(parseClipboardBlock('80\t90\r\n70\t\r\n')).toEqual([
      ['80', '90'],
      ['70', ''],
    ]);
    expect(parseClipboardBlock('1\t2\n3\t4')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(isBlock('80\t90')).toBe(true);
    expect(isBlock('80\n90')).toBe(true);
    expect(isBlock('85\n')).toBe(false);
    expect(isBlock('85')).toBe(false);
  });

  it('places a block from the focused cell: blanks skipped, what falls past the edge listed as cut', () => {
    const block = parseClipboardBlock('105\tabc\t90\n\t60\t66\n50\t40\t55\n30\t20\n');
    expect(placeBlock(block, 1, 1, 4, 3)).toEqual({
      cells: [
        { row: 1, col: 1, text: '105' },
        { row: 1, col: 2, text: 'abc' },
        { row: 2, col: 2, text: '60' },
        { row: 3, col: 1, text: '50' },
        { row: 3, col: 2, text: '40' },
      ],
      cut: ['90', '66', '55', '30', '20'],
    });
  });
});

describe('nextCell', () => {
  const size = { rows: 3, cols: 2 };
  it('Enter goes down, and past the last row to the top of the next column; Shift+Enter goes back', () => {
    expect(nextCell('Enter', { row: 0, col: 0 }, size)).toEqual({ row: 1, col: 0 });
    expect(nextCell('Enter', { row: 2, col: 0 }, size)).toEqual({ row: 0, col: 1 });
    expect(nextCell('Enter', { row: 2, col: 1 }, size)).toBeNull();
    expect(nextCell('Enter', { row: 0, col: 1 }, size, true)).toEqual({ row: 2, col: 0 });
  });

  it('Tab goes right and wraps to the next row; arrows stop at the edges', () => {
    expect(nextCell('Tab', { row: 0, col: 0 }, size)).toEqual({ row: 0, col: 1 });
    expect(nextCell('Tab', { row: 0, col: 1 }, size)).toEqual({ row: 1, col: 0 });
    expect(nextCell('Tab', { row: 1, col: 0 }, size, true)).toEqual({ row: 0, col: 1 });
    expect(nextCell('ArrowUp', { row: 0, col: 0 }, size)).toBeNull();
    expect(nextCell('ArrowDown', { row: 1, col: 1 }, size)).toEqual({ row: 2, col: 1 });
    expect(nextCell('ArrowLeft', { row: 1, col: 1 }, size)).toEqual({ row: 1, col: 0 });
    expect(nextCell('ArrowRight', { row: 1, col: 1 }, size)).toBeNull();
  });
});

describe('drafts', () => {
  it('changes only the row typed in, and drops empty rows', () => {
    const a = setDraft({}, 1, 10, '80');
    const b = setDraft(a, 2, 10, '90');
    expect(b[1]).toBe(a[1]);
    expect(countDrafts(b)).toBe(2);
    expect(setDraft(b, 1, 10, null)).toEqual({ 2: { 10: '90' } });
  });
});
