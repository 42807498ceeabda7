import { describe, expect, it } from 'vitest';
import { IMAGES } from '#shared/constants';
import { nestedUseSvg, scriptedSvg } from '../../../tests/helpers/images';
import { checkSvg, looksLikeMarkup } from './svg-guard';

const svg = (body: string, head = '') =>
  Buffer.from(
    `${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`,
  );

describe('checkSvg (an SVG is checked before it is rendered)', () => {
  it('passes ordinary logos, including one that reuses a glyph many times', () => {
    expect(checkSvg(scriptedSvg)).toBe('ok');
    const glyphs = Array.from({ length: 300 }, (_, i) => `<use xlink:href="#g" x="${i}"/>`).join('');
    expect(checkSvg(svg(`<defs><path id="g" d="M0 0h1v1z"/></defs>${glyphs}`))).toBe('ok');
    expect(checkSvg(svg('<a href="https://sponsor.example/"><image href="data:image/png;base64,AAAA"/></a>'))).toBe(
      'ok',
    );
    expect(checkSvg(nestedUseSvg(4, 10))).toBe('ok'); // 1,000 rectangles drawn
  });

  it('refuses nested <use> that expands past 20,000 drawn elements, and reference cycles', () => {
    expect(checkSvg(nestedUseSvg(10, 10))).toBe('too-complex');
    expect(checkSvg(nestedUseSvg(6, 10))).toBe('too-complex'); // 100,000 rectangles
    expect(checkSvg(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))).toBe('too-complex');
    expect(checkSvg(svg('<g id="a"><use href="#a"/></g>'))).toBe('too-complex');
  });

  it(`refuses more than ${IMAGES.SVG_MAX_ELEMENTS} elements, and more than 512 KB`, () => {
    expect(checkSvg(svg('<rect/>'.repeat(IMAGES.SVG_MAX_ELEMENTS - 1)))).toBe('ok');
    expect(checkSvg(svg('<rect/>'.repeat(IMAGES.SVG_MAX_ELEMENTS)))).toBe('too-complex');
    expect(checkSvg(svg(`<!--${'x'.repeat(IMAGES.SVG_MAX_BYTES)}-->`))).toBe('too-large');
  });

  it('refuses entity declarations and anything that reaches outside the file', () => {
    expect(checkSvg(svg('&a;', '<!DOCTYPE svg [<!ENTITY a "aaaa">]>'))).toBe('not-allowed');
    for (const body of [
      '<image href="http://evil.example/x.png"/>',
      '<use href="file:///etc/passwd#x"/>',
      '<use xlink:href="other.svg#a"/>',
      "<image xlink:href='//evil.example/x.png'/>",
      '<style>@import "https://evil.example/a.css";</style>',
      '<rect fill="url(https://evil.example/p.svg#p)"/>',
      "<style>rect { fill: url( 'http://evil.example/#p') }</style>",
    ]) {
      expect(checkSvg(svg(body)), body).toBe('not-allowed');
    }
    expect(checkSvg(svg('<rect fill="url(#p)"/>'))).toBe('ok');
  });

  it('tells markup (a candidate SVG) from other bytes', () => {
    expect(looksLikeMarkup(Buffer.from('\uFEFF  \n<?xml version="1.0"?><svg/>'))).toBe(true);
    expect(looksLikeMarkup(Buffer.from('just text <svg/>'))).toBe(false);
  });
});
