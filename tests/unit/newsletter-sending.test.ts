/** The pure rules of sending the newsletter: reading an import list, the send rate, retries, headers, mail text. */
import { describe, expect, it } from 'vitest';
import { csvRows, detectDelimiter, importEmail, readImportList } from '../../src/shared/newsletter-csv.ts';
import { importMessage } from '../../src/shared/schemas/newsletter-admin.ts';
import { absoluteLinks, htmlToText } from '../../src/server/modules/newsletter/newsletter-html.ts';
import { issueMail } from '../../src/server/modules/newsletter/newsletter-mails.ts';
import {
  ONE_CLICK_HEADERS,
  isOneClickBody,
  oneClickUnsubscribeUrl,
  retryDelayMs,
  sendFailure,
  sendIntervalMs,
} from '../../src/server/modules/newsletter/newsletter-rules.ts';

describe('reading an import list', () => {
  it.each([
    ['a,b;c', ','],
    ['email;name;city', ';'],
    ['email\tname', '\t'],
    ['ada@example.com', ','],
    ['"x;y;z",email,name', ','],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('splits quoted cells, doubled quotes and line breaks inside quotes (RFC 4180)', () => {
    expect(csvRows('a,"b, c","say ""hi"""\r\n"x\ny",z\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['x\ny', 'z'],
    ]);
  });

  it('reads the column a header names, skipping the header, blank rows and duplicates', () => {
    const list = readImportList(
      '\ufeffName,E-mail address,Joined\nAda,ADA@example.com,2026\n\n Bob , bob@example.com ,x\nAda again,ada@example.com,\nNo mail,,\n',
      10,
    );
    expect(list).toEqual({ emails: ['ada@example.com', 'bob@example.com'], duplicates: 1, invalid: 1 });
  });

  it('without a header takes each row’s first cell with an @, and pasted lines alike', () => {
    expect(readImportList('Ada;ada@example.com\nbob@example.com\nnot an address\n', 10)).toEqual({
      emails: ['ada@example.com', 'bob@example.com'],
      duplicates: 0,
      invalid: 1,
    });
  });

  it('reads "Name <address>" and undoes a spreadsheet export’s formula guard', () => {
    expect(importEmail('Ada Lovelace <Ada@Example.com>')).toBe('ada@example.com');
    expect(importEmail("'-dash@example.com")).toBe('-dash@example.com');
    expect(importEmail('a@b')).toBeNull();
    expect(importEmail('x@example.com\r\nBcc: y@example.com')).toBeNull();
  });

  it('refuses more rows than the bound, not counting the header', () => {
    const rows = Array.from({ length: 3 }, (_, i) => `r${i}@example.com`).join('\n');
    expect(readImportList(rows, 2)).toBeNull();
    expect(readImportList(`email\n${rows}`, 3)?.emails).toHaveLength(3);
  });

  it('says what became of the list in one sentence', () => {
    expect(importMessage({ added: 1, existing: 2, invalid: 0, unsubscribed: 1 })).toBe(
      '1 address added (each asked to confirm), 2 were already there, 0 rows skipped as invalid, 1 unsubscribed address skipped.',
    );
  });
});

describe('pace and retries', () => {
  it.each([
    [5, 200],
    [1, 1000],
    [0.5, 2000],
    [3, 334],
    [1000, 1],
  ])('at %d a second, one mail every %d ms', (rate, ms) => {
    expect(sendIntervalMs(rate)).toBe(ms);
  });

  it('retries only what the mail server surely did not take', () => {
    expect(sendFailure({ responseCode: 451, command: 'DATA' })).toBe('retry');
    expect(sendFailure({ responseCode: 421 })).toBe('retry');
    expect(sendFailure({ responseCode: 550, command: 'RCPT TO' })).toBe('refused');
    expect(sendFailure({ code: 'ECONNECTION', command: 'CONN' })).toBe('retry');
    expect(sendFailure({ code: 'EAUTH', command: 'AUTH PLAIN' })).toBe('retry');
    // The connection broke while the message was on its way: it may have been delivered.
    expect(sendFailure({ code: 'ETIMEDOUT', command: 'DATA' })).toBe('unknown');
    expect(sendFailure(new Error('disk full'))).toBe('unknown');
    expect(sendFailure(undefined)).toBe('unknown');
    expect([1, 2].map(retryDelayMs)).toEqual([60_000, 120_000]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('points List-Unsubscribe at the API with the token and says it takes a POST', () => {
    expect(oneClickUnsubscribeUrl('https://shop.example', 'a_b-c')).toBe(
      'https://shop.example/api/newsletter/unsubscribe?token=a_b-c',
    );
    expect(ONE_CLICK_HEADERS).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(isOneClickBody({ 'List-Unsubscribe': 'One-Click' })).toBe(true);
    expect(isOneClickBody({ 'List-Unsubscribe': 'one-click' })).toBe(false);
    expect(isOneClickBody({})).toBe(false);
  });

  it('gives a subscriber’s mail both unsubscribe links and the headers; a test mail neither header', () => {
    const brand = { name: 'Northwind', logoUrl: null, primaryColor: '#123456' };
    const content = { subject: 'News', html: '<p>Hello</p>', text: 'Hello' };
    const mail = issueMail(brand, 'ada@example.com', content, {
      unsubscribeUrl: 'https://shop.example/newsletter/unsubscribe?token=t',
      oneClickUrl: 'https://shop.example/api/newsletter/unsubscribe?token=t',
    });
    expect(mail.unsubscribeUrl).toBe('https://shop.example/api/newsletter/unsubscribe?token=t');
    expect(mail.headers).toEqual(ONE_CLICK_HEADERS);
    expect(mail.html).toContain('<p>Hello</p>');
    expect(mail.html).toContain('href="https://shop.example/newsletter/unsubscribe?token=t"');
    expect(mail.text).toContain('Unsubscribe: https://shop.example/newsletter/unsubscribe?token=t');
    const test = issueMail(brand, 'me@example.com', content, { unsubscribeUrl: 'https://shop.example/x' });
    expect(test.headers).toBeUndefined();
    expect(test.unsubscribeUrl).toBeUndefined();
  });
});

describe('an issue’s rich text in a mail', () => {
  it('makes site paths absolute and leaves other links alone', () => {
    expect(
      absoluteLinks(
        '<a href="/blogs/x">x</a><img src="/media/a.jpg"><a href="https://other.example/">o</a><a href="//evil">e</a>',
        'https://shop.example',
      ),
    ).toBe(
      '<a href="https://shop.example/blogs/x">x</a><img src="https://shop.example/media/a.jpg"><a href="https://other.example/">o</a><a href="//evil">e</a>',
    );
  });

  it('writes paragraphs, headings, lists and links as plain text', () => {
    expect(
      htmlToText(
        '<h2>Autumn &amp; more</h2><p>New <strong>in</strong> store:<br>see <a href="https://shop.example/shop">the shop</a>.</p><ul><li>Wool</li><li>Linen</li></ul><p><a href="https://x.example">https://x.example</a></p>',
      ),
    ).toBe(
      'Autumn & more\n\nNew in store:\nsee the shop (https://shop.example/shop).\n\n- Wool\n- Linen\n\nhttps://x.example',
    );
  });
});
