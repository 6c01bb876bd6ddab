// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pageDomain } from '../../../extension/lib/page-domain.js';

describe('pageDomain', () => {
  it.each([
    ['https://www.example.com/some/path?q=secret#frag', 'www.example.com'],
    ['http://News.Example.co.uk:8080/', 'news.example.co.uk'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['http://blocks-all.test:4321/', 'blocks-all.test'],
  ])('takes only the host name of %s', (url, want) => {
    expect(pageDomain(url)).toBe(want);
  });

  it.each([
    'chrome://settings/',
    'about:blank',
    'about:newtab',
    'file:///home/me/notes.html',
    'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html',
    'moz-extension://0b5f5a3e-1111-2222-3333-444455556666/popup.html',
    'view-source:https://example.com/',
    'data:text/html,hi',
    'https://chromewebstore.google.com/detail/x/abc',
    'https://chrome.google.com/webstore/category/extensions',
    'https://addons.mozilla.org/en-US/firefox/',
    'https://microsoftedge.microsoft.com/addons/detail/x',
    'http://127.0.0.1:8787/',
    'http://[::1]/',
    'http://localhost:3000/',
    'not a url',
    undefined,
    '',
  ])('gives no domain for %s', (url) => {
    expect(pageDomain(url)).toBeNull();
  });

  it('keeps ordinary Google pages (only the store path is excluded)', () => {
    expect(pageDomain('https://chrome.google.com/intl/en/chrome/')).toBe('chrome.google.com');
  });
});
