import { describe, expect, it } from 'vitest';
import { M } from './messages';
import { pageWindow } from './pagination';

const showing = (w: ReturnType<typeof pageWindow>) => M.events.showing(w.from, w.to, w.total);

describe('pageWindow (spec §2 /events pagination)', () => {
  it('0 events: no pages, nothing shown', () => {
    expect(pageWindow(1, 10, 0)).toEqual({
      page: 1,
      totalPages: 0,
      from: 0,
      to: 0,
      total: 0,
      pages: [],
      hasPrevious: false,
      hasNext: false,
    });
  });

  it('10 events: one page (the UI hides pagination)', () => {
    const w = pageWindow(1, 10, 10);
    expect(w.totalPages).toBe(1);
    expect(w.pages).toEqual([1]);
    expect(showing(w)).toBe('Showing 1 to 10 of 10 events');
  });

  it('11 events: two pages, the second holds one', () => {
    expect(pageWindow(1, 10, 11)).toMatchObject({ totalPages: 2, from: 1, to: 10, pages: [1, 2], hasNext: true });
    const w = pageWindow(2, 10, 11);
    expect(showing(w)).toBe('Showing 11 to 11 of 11 events');
    expect(w).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it('25 events: three pages, the last holds five', () => {
    expect(showing(pageWindow(3, 10, 25))).toBe('Showing 21 to 25 of 25 events');
    expect(pageWindow(3, 10, 25).pages).toEqual([1, 2, 3]);
  });

  it('shows at most 5 page numbers, centred on the current page', () => {
    expect(pageWindow(1, 10, 200).pages).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 10, 200).pages).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 10, 200).pages).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 10, 200).pages).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page out of range', () => {
    expect(pageWindow(9, 10, 25)).toMatchObject({ page: 3, from: 21, to: 25 });
    expect(pageWindow(0, 10, 25)).toMatchObject({ page: 1, from: 1, to: 10 });
  });
});
