/**
 * The mail preview builds the frame's document node by node: the mail's inline styles arrive through the CSSOM (the
 * page's policy refuses them as markup), and nothing that could run or load a page comes along.
 */
import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/components/admin/newsletter/MailPreview.tsx';
import { progressText } from '../../../src/components/admin/newsletter/subscribers-list.ts';

describe('the mail preview', () => {
  it('copies elements, text and styles, and drops scripts, handlers and frames', () => {
    const doc = document.implementation.createHTMLDocument('');
    renderMail(
      doc,
      '<!doctype html><html><body style="margin:0;background:#f5f5f5"><div style="max-width:560px"><h1 style="font-size:20px">Hi</h1>' +
        '<p onclick="alert(1)">Text with style="x" in it</p><script>alert(2)</script><iframe src="https://evil.example"></iframe>' +
        '<a href="https://shop.example/newsletter/unsubscribe" style="color:#555555">Unsubscribe</a></div></body></html>',
    );
    expect(doc.body.style.margin).toBe('0px');
    const h1 = doc.querySelector('h1');
    expect(h1?.style.fontSize).toBe('20px');
    expect(h1?.hasAttribute('data-mail-style')).toBe(false);
    expect(doc.querySelector('p')?.hasAttribute('onclick')).toBe(false);
    expect(doc.querySelector('p')?.textContent).toBe('Text with style="x" in it');
    expect(doc.querySelector('script, iframe')).toBeNull();
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('https://shop.example/newsletter/unsubscribe');
    expect(doc.querySelector('a')?.style.color).toBe('rgb(85, 85, 85)');
  });

  it('says how far a send has come', () => {
    expect(progressText({ total: 40, queued: 28, sent: 12, failed: 0, interrupted: 0, skipped: 0 })).toBe(
      '12 of 40 sent',
    );
    expect(progressText({ total: 5, queued: 0, sent: 2, failed: 1, interrupted: 1, skipped: 1 })).toBe(
      '2 of 5 sent, 1 failed, 1 skipped (unsubscribed), 1 interrupted',
    );
  });
});
